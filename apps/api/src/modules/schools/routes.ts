import { idParam } from '@shule/shared/fields';
import { registerSchoolBody, registerSchoolResponse } from '@shule/shared/institution';
import { schoolSchema, updateSchoolBody } from '@shule/shared/schools';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signUpLimit } from '../auth/routes';
import { retryAfterHeader } from '../auth/throttle';
import { getSchool, registerSchool, updateSchool } from './service';

/** Registering a school: public. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onError', retryAfterHeader);
  app.post(
    '/schools/register_school/',
    {
      preHandler: signUpLimit(app),
      schema: {
        body: registerSchoolBody,
        response: { 201: registerSchoolResponse },
        tags: ['schools'],
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await registerSchool(app.db, request.body, {
          address: request.ip,
          loginLimits: app.config.throttles.login,
        }),
      ),
  );
};

const schoolParams = z.object({ id: idParam });

/** A school's own settings: its staff read them, its admins change them. */
export const schoolSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/schools/:id/',
    {
      config: { access: 'staff' },
      schema: { params: schoolParams, response: { 200: schoolSchema }, tags: ['schools'] },
    },
    async (request) => getSchool(app.db, request.assertOwnSchool(request.params.id)),
  );

  app.patch(
    '/schools/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: schoolParams,
        body: updateSchoolBody,
        response: { 200: schoolSchema },
        tags: ['schools'],
      },
    },
    async (request) =>
      updateSchool(app.db, request.assertOwnSchool(request.params.id), request.body),
  );
};
