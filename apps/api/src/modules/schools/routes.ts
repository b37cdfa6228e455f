import { registerSchoolBody, registerSchoolResponse } from '@shule/shared/institution';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerSchool } from './service';

const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/schools/register_school/',
    {
      schema: {
        body: registerSchoolBody,
        response: { 201: registerSchoolResponse },
        tags: ['schools'],
      },
    },
    async (request, reply) => reply.status(201).send(await registerSchool(app.db, request.body)),
  );
};

export default schoolRoutes;
