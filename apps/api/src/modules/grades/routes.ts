import { noContent } from '@shule/shared/api';
import { idParam } from '@shule/shared/fields';
import {
  applyCbcScaleBody,
  createGradeBody,
  gradeListResponse,
  gradeSchema,
  updateGradeBody,
} from '@shule/shared/grades';
import { schoolQuery } from '@shule/shared/school-scope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyCbcScale,
  applyKcseScale,
  createGrade,
  deleteGrade,
  listGrades,
  updateGrade,
} from './service';

const idParams = z.object({ id: idParam });

const gradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/grades/grades/',
    {
      config: { access: 'staff' },
      schema: { querystring: schoolQuery, response: { 200: gradeListResponse }, tags: ['grades'] },
    },
    async (request) => listGrades(app.db, request.assertOwnSchoolIn(request.query)),
  );

  app.post(
    '/grades/grades/',
    {
      config: { access: 'admin' },
      schema: { body: createGradeBody, response: { 201: gradeSchema }, tags: ['grades'] },
    },
    async (request, reply) => {
      const schoolId = request.assertOwnSchool(request.body.school);
      return reply.status(201).send(await createGrade(app.db, schoolId, request.body));
    },
  );

  app.post(
    '/grades/grades/kcse/',
    {
      config: { access: 'admin' },
      schema: { response: { 201: gradeListResponse }, tags: ['grades'] },
    },
    async (request, reply) =>
      reply.status(201).send(await applyKcseScale(app.db, request.schoolId())),
  );

  app.post(
    '/grades/grades/cbc/',
    {
      config: { access: 'admin' },
      schema: { body: applyCbcScaleBody, response: { 201: gradeListResponse }, tags: ['grades'] },
    },
    async (request, reply) =>
      reply.status(201).send(await applyCbcScale(app.db, request.schoolId(), request.body)),
  );

  app.patch(
    '/grades/grades/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: updateGradeBody,
        response: { 200: gradeSchema },
        tags: ['grades'],
      },
    },
    async (request) => updateGrade(app.db, request.schoolId(), request.params.id, request.body),
  );

  app.delete(
    '/grades/grades/:id/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 204: noContent }, tags: ['grades'] },
    },
    async (request, reply) => {
      await deleteGrade(app.db, request.schoolId(), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default gradeRoutes;
