import { noContent } from '@shule/shared/api';
import { createExamBody, examListResponse, examSchema, updateExamBody } from '@shule/shared/exams';
import { idParam } from '@shule/shared/fields';
import { schoolQuery } from '@shule/shared/school-scope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createExam, deleteExam, getExam, listExams, updateExam } from './service';

const idParams = z.object({ id: idParam });

const examRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/grades/exams/',
    {
      config: { access: 'staff' },
      schema: { querystring: schoolQuery, response: { 200: examListResponse }, tags: ['exams'] },
    },
    async (request) => listExams(app.db, request.assertOwnSchoolIn(request.query)),
  );

  app.get(
    '/grades/exams/:id/',
    {
      config: { access: 'staff' },
      schema: { params: idParams, response: { 200: examSchema }, tags: ['exams'] },
    },
    async (request) => getExam(app.db, request.schoolId(), request.params.id),
  );

  app.post(
    '/grades/exams/',
    {
      config: { access: 'admin' },
      schema: { body: createExamBody, response: { 201: examSchema }, tags: ['exams'] },
    },
    async (request, reply) => {
      const schoolId = request.assertOwnSchool(request.body.school);
      return reply.status(201).send(await createExam(app.db, schoolId, request.body));
    },
  );

  app.patch(
    '/grades/exams/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: updateExamBody,
        response: { 200: examSchema },
        tags: ['exams'],
      },
    },
    async (request) => updateExam(app.db, request.schoolId(), request.params.id, request.body),
  );

  app.delete(
    '/grades/exams/:id/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 204: noContent }, tags: ['exams'] },
    },
    async (request, reply) => {
      await deleteExam(app.db, request.schoolId(), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default examRoutes;
