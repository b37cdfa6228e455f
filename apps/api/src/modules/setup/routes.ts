import { finishSetupBody, setupQuery, setupResponse, updateSetupBody } from '@shule/shared/setup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { finishSetup, getSetup, saveSetupStep } from './service';

/** The setup wizard's progress (admins): read it, move to a step, finish. */
const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');

  app.get(
    '/setup/',
    {
      preHandler: admin,
      schema: { querystring: setupQuery, response: { 200: setupResponse }, tags: ['setup'] },
    },
    async (request) => getSetup(app.db, request.assertOwnSchoolIn(request.query)),
  );

  app.put(
    '/setup/',
    {
      preHandler: admin,
      schema: { body: updateSetupBody, response: { 200: setupResponse }, tags: ['setup'] },
    },
    async (request) =>
      saveSetupStep(app.db, request.assertOwnSchool(request.body.school), request.body),
  );

  app.post(
    '/setup/finish/',
    {
      preHandler: admin,
      schema: { body: finishSetupBody, response: { 200: setupResponse }, tags: ['setup'] },
    },
    async (request) => finishSetup(app.db, request.assertOwnSchool(request.body.school)),
  );
};

export default setupRoutes;
