import { noContent } from '@shule/shared/api';
import { idParam } from '@shule/shared/fields';
import {
  createTermBody,
  termListResponse,
  termSchema,
  termsQuery,
  updateTermBody,
} from '@shule/shared/terms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTerm, deleteTerm, listTerms, updateTerm } from './service';

const idParams = z.object({ id: idParam });

const termRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fees/terms/',
    {
      config: { access: 'staff' },
      schema: { querystring: termsQuery, response: { 200: termListResponse }, tags: ['terms'] },
    },
    async (request) => {
      const schoolId = request.assertOwnSchoolIn(request.query);
      return listTerms(app.db, schoolId, request.query.academic_year);
    },
  );

  app.post(
    '/fees/terms/',
    {
      config: { access: 'admin' },
      schema: { body: createTermBody, response: { 201: termSchema }, tags: ['terms'] },
    },
    async (request, reply) => {
      const schoolId = request.assertOwnSchool(request.body.school);
      return reply.status(201).send(await createTerm(app.db, schoolId, request.body));
    },
  );

  app.patch(
    '/fees/terms/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: updateTermBody,
        response: { 200: termSchema },
        tags: ['terms'],
      },
    },
    async (request) => updateTerm(app.db, request.schoolId(), request.params.id, request.body),
  );

  app.delete(
    '/fees/terms/:id/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 204: noContent }, tags: ['terms'] },
    },
    async (request, reply) => {
      await deleteTerm(app.db, request.schoolId(), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default termRoutes;
