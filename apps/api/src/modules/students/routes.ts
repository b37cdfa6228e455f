import { idParam } from '@shule/shared/fields';
import { schoolQuery } from '@shule/shared/school-scope';
import { admitStudentBody, getStudentsParams } from '@shule/shared/students';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { admitStudent, countStudentsByGender, getStudent, listStudents } from './service';

const idParams = z.object({ id: idParam });

const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('admin', 'teacher');

  app.get(
    '/students/count/',
    { schema: { querystring: schoolQuery, tags: ['students'] } },
    async (request) => countStudentsByGender(app.db, request.assertOwnSchoolIn(request.query)),
  );

  // The spec's path starts /classes, but admitting a student is this module's business.
  app.post(
    '/classes/:id/add_student/',
    {
      preHandler: app.requireRole('admin'),
      schema: { params: idParams, body: admitStudentBody, tags: ['students'] },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await admitStudent(app.db, request.schoolId(), request.params.id, request.body)),
  );

  app.get(
    '/students/get_students/:class/:school/',
    { preHandler: staff, schema: { params: getStudentsParams, tags: ['students'] } },
    async (request) => {
      const schoolId = request.assertOwnSchool(request.params.school);
      return { students: await listStudents(app.db, schoolId, request.params.class) };
    },
  );

  app.get(
    '/students/:id/',
    { preHandler: staff, schema: { params: idParams, tags: ['students'] } },
    async (request) => getStudent(app.db, request.schoolId(), request.params.id),
  );
};

export default studentRoutes;
