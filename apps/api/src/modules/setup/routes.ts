import { finishSetupBody, setupQuery, setupResponse, updateSetupBody } from '@shule/shared/setup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { finishSetup, getSetup, saveSetupStep } from './service';

/** The setup wizard's progress (admins): read it, move to a step, finish. */
const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/setup/',
    {
      config: { access: 'admin' },
      schema: { querystring: setupQuery, response: { 200: setupResponse }, tags: ['setup'] },
    },
    async (request) => getSetup(app.db, request.assertOwnSchoolIn(request.query)),
  );

  app.put(
    '/setup/',
    {
      config: { access: 'admin' },
      schema: { body: updateSetupBody, response: { 200: setupResponse }, tags: ['setup'] },
    },
    async (request) =>
      saveSetupStep(app.db, request.assertOwnSchool(request.body.school), request.body),
  );

  app.post(
    '/setup/finish/',
    {
      config: { access: 'admin' },
      schema: { body: finishSetupBody, response: { 200: setupResponse }, tags: ['setup'] },
    },
    async (request) => finishSetup(app.db, request.assertOwnSchool(request.body.school)),
  );
};

export default setupRoutes;
