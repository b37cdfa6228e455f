import { idParam } from '@shule/shared/fields';
import { registerSchoolBody, registerSchoolResponse } from '@shule/shared/institution';
import { codeConfirmBody, codeSentResponse } from '@shule/shared/one-time-codes';
import { type School, schoolSchema, updateSchoolBody } from '@shule/shared/schools';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeDepsOf, retryAfterHeader, signUpLimit } from '../auth/index';
import { getSchool, updateSchool } from './service';
import { finishRegistration, startRegistration } from './verified-registration';

/** Registering a school: public. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onError', retryAfterHeader);
  const deps = {
    db: app.db,
    codes: codeDepsOf(app),
    verifiesPhones: app.config.sms.gateway.driver !== 'test',
  };
  app.post(
    '/schools/register_school/',
    {
      preHandler: signUpLimit(app),
      schema: {
        body: registerSchoolBody,
        response: { 201: registerSchoolResponse, 202: codeSentResponse },
        tags: ['schools'],
      },
    },
    async (request, reply) => {
      const answer = await startRegistration(deps, request.body, {
        address: request.ip,
        loginLimits: app.config.throttles.login,
      });
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    '/schools/register_school/confirm/',
    {
      schema: {
        body: codeConfirmBody,
        response: { 201: registerSchoolResponse },
        tags: ['schools'],
      },
    },
    async (request, reply) => reply.status(201).send(await finishRegistration(deps, request.body)),
  );
};

const schoolParams = z.object({ id: idParam });

/** A school's own profile and settings: its staff read them, its admins change them. */
export const schoolSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The crest travels as a signed link, as every photo does (decision 012). */
  const signed = (school: School): School => ({ ...school, logo: app.photoUrls.sign(school.logo) });

  app.get(
    '/schools/:id/',
    {
      config: { access: 'staff' },
      schema: { params: schoolParams, response: { 200: schoolSchema }, tags: ['schools'] },
    },
    async (request) => signed(await getSchool(app.db, request.assertOwnSchool(request.params.id))),
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
      signed(
        await updateSchool(
          app.db,
          app.config.dataDir,
          request.assertOwnSchool(request.params.id),
          request.body,
        ),
      ),
  );
};
