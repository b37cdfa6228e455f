import { teacherCountResponse } from '@shule/shared/api';
import { idParam } from '@shule/shared/fields';
import { schoolQuery } from '@shule/shared/school-scope';
import {
  createTeacherBody,
  createTeacherResponse,
  teacherListResponse,
} from '@shule/shared/teachers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signPhotos } from '../uploads/index';
import { countTeachers, createTeacher, listTeachers } from './service';

const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/count/',
    {
      config: { access: 'staff' },
      schema: {
        querystring: schoolQuery,
        response: { 200: teacherCountResponse },
        tags: ['staff'],
      },
    },
    async (request) => countTeachers(app.db, request.assertOwnSchoolIn(request.query)),
  );

  app.post(
    '/staff/teachers/',
    {
      config: { idempotent: true, access: 'admin' },
      schema: {
        body: createTeacherBody,
        response: { 201: createTeacherResponse },
        tags: ['staff'],
      },
    },
    async (request, reply) => {
      const schoolId = request.assertOwnSchool(request.body.school);
      const actor = { userId: request.user.id, address: request.ip };
      const created = await createTeacher(app.db, schoolId, request.body, actor);
      signPhotos(app.photoUrls, [created.teacher.user]);
      return reply.status(201).send(created);
    },
  );

  // The path starts /schools for existing clients, but teachers are this module's business.
  app.get(
    '/schools/:id/teachers/',
    {
      config: { access: 'staff' },
      schema: {
        params: z.object({ id: idParam }),
        response: { 200: teacherListResponse },
        tags: ['staff'],
      },
    },
    async (request) => {
      const teachers = await listTeachers(app.db, request.assertOwnSchool(request.params.id));
      signPhotos(
        app.photoUrls,
        teachers.map((t) => t.user),
      );
      return { teachers };
    },
  );
};

export default staffRoutes;
