import { idParam } from '@shule/shared/fields';
import { schoolQuery } from '@shule/shared/school-scope';
import {
  admitStudentBody,
  admitStudentResponse,
  getStudentsParams,
  studentCountsResponse,
  studentDetailSchema,
  studentExportQuery,
  studentExportResponse,
  studentListQuery,
  studentListResponse,
  updateStudentBody,
} from '@shule/shared/students';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendTypedJson } from '../../plugins/typed-json';
import { getStudentDetail, updateStudentDetails } from './results-details';
import { admitStudent, countStudentsByGender, exportStudents, listStudentsPage } from './service';

const idParams = z.object({ id: idParam });

const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('admin', 'teacher');

  app.get(
    '/students/count/',
    {
      schema: {
        querystring: schoolQuery,
        response: { 200: studentCountsResponse },
        tags: ['students'],
      },
    },
    async (request) => countStudentsByGender(app.db, request.assertOwnSchoolIn(request.query)),
  );

  // The spec's path starts /classes, but admitting a student is this module's business.
  app.post(
    '/classes/:id/add_student/',
    {
      config: { idempotent: true },
      preHandler: app.requireRole('admin'),
      schema: {
        params: idParams,
        body: admitStudentBody,
        response: { 201: admitStudentResponse },
        tags: ['students'],
      },
    },
    async (request, reply) => {
      const { id: classId } = request.params;
      const admission = await admitStudent(
        app.db,
        request.schoolId(),
        classId,
        request.body,
        request.user.id,
      );
      return reply.status(201).send(admission);
    },
  );

  app.get(
    '/students/get_students/:class/:school/',
    {
      preHandler: staff,
      schema: {
        params: getStudentsParams,
        querystring: studentListQuery,
        response: { 200: studentListResponse },
        tags: ['students'],
      },
    },
    async (request, reply) => {
      const schoolId = request.assertOwnSchool(request.params.school);
      const { search, ...page } = request.query;
      const filter = { classId: request.params.class, search };
      return sendTypedJson(reply, await listStudentsPage(app.db, schoolId, filter, page));
    },
  );

  app.get(
    '/students/export/:class/:school/',
    {
      preHandler: staff,
      schema: {
        params: getStudentsParams,
        querystring: studentExportQuery,
        response: { 200: studentExportResponse },
        tags: ['students'],
      },
    },
    async (request, reply) => {
      const schoolId = request.assertOwnSchool(request.params.school);
      const filter = { classId: request.params.class, search: request.query.search };
      return sendTypedJson(reply, await exportStudents(app.db, schoolId, filter));
    },
  );

  app.get(
    '/students/:id/',
    {
      preHandler: staff,
      schema: { params: idParams, response: { 200: studentDetailSchema }, tags: ['students'] },
    },
    async (request) => getStudentDetail(app.db, request.schoolId(), request.params.id),
  );

  app.patch(
    '/students/:id/',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        params: idParams,
        body: updateStudentBody,
        response: { 200: studentDetailSchema },
        tags: ['students'],
      },
    },
    async (request) =>
      updateStudentDetails(app.db, request.schoolId(), request.params.id, request.body),
  );
};

export default studentRoutes;
