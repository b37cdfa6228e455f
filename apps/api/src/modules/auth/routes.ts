import { noContent } from '@shule/shared/api';
import {
  changePasswordBody,
  changePasswordResponse,
  currentUserSchema,
  loginBody,
  loginResponse,
  passwordResetBody,
  passwordResetRequestBody,
  refreshBody,
  signupBody,
  signupResponse,
  tokenPair,
} from '@shule/shared/auth';
import { codeConfirmBody, codeSentResponse } from '@shule/shared/one-time-codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CodeDeps } from './one-time-codes';
import { requestPasswordReset, resetPassword } from './password-reset';
import {
  changePassword,
  confirmSignup,
  currentUser,
  login,
  logout,
  refresh,
  signup,
} from './service';
import { countSignUp, retryAfterHeader } from './throttle';

/**
 * preHandler of sign-up and of school registration: 429 with Retry-After past the sign-ups
 * allowed from the caller's address (the route's scope adds `retryAfterHeader` as onError).
 */
export const signUpLimit = (app: FastifyInstance) => async (request: FastifyRequest) =>
  countSignUp(app.db, request.ip, app.config.throttles.signUpsPerAddress);

/** The one-time codes' machinery as this app is configured (modules/auth/one-time-codes.ts). */
export const codeDepsOf = (app: FastifyInstance): CodeDeps => ({
  db: app.db,
  secret: app.config.jwtSecret,
  limits: app.config.throttles.codes,
});

/** Signing up, in and out, and a forgotten password: public (modules/index.ts lists them). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, signAccessToken: app.signAccessToken };
  const smsTestMode = app.config.sms.gateway.driver === 'test';
  const resetDeps = { ...deps, codes: codeDepsOf(app), smsTestMode };
  const signupDeps = { ...deps, codes: codeDepsOf(app), verifiesPhones: !smsTestMode };
  app.addHook('onError', retryAfterHeader);

  app.post(
    '/users/signup/',
    {
      preHandler: signUpLimit(app),
      schema: {
        body: signupBody,
        response: { 201: signupResponse, 202: codeSentResponse },
        tags: ['auth'],
      },
    },
    async (request, reply) => {
      const answer = await signup(signupDeps, request.body, request.ip);
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    '/users/signup/confirm/',
    {
      schema: { body: codeConfirmBody, response: { 201: signupResponse }, tags: ['auth'] },
    },
    async (request, reply) => reply.status(201).send(await confirmSignup(signupDeps, request.body)),
  );

  app.post(
    '/users/login/',
    { schema: { body: loginBody, response: { 200: loginResponse }, tags: ['auth'] } },
    async (request) => login(deps, request.body, request.ip, app.config.throttles.login),
  );

  app.post(
    '/users/password_reset/',
    {
      schema: {
        body: passwordResetRequestBody,
        response: { 202: codeSentResponse },
        tags: ['auth'],
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await requestPasswordReset(resetDeps, request.body.phone_number, request.ip)),
  );

  app.post(
    '/users/password_reset/confirm/',
    { schema: { body: passwordResetBody, response: { 200: loginResponse }, tags: ['auth'] } },
    async (request) => resetPassword(resetDeps, request.body, request.ip),
  );

  app.post(
    '/token/refresh/',
    { schema: { body: refreshBody, response: { 200: tokenPair }, tags: ['auth'] } },
    async (request) => refresh(deps, request.body.refresh),
  );

  app.post(
    '/users/logout/',
    { schema: { body: refreshBody, response: { 204: noContent }, tags: ['auth'] } },
    async (request, reply) => {
      await logout(app.db, request.body.refresh, request.ip);
      return reply.status(204).send();
    },
  );
};

/** The signed-in user's own account. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, signAccessToken: app.signAccessToken };
  app.addHook('onError', retryAfterHeader);

  app.get(
    '/users/user/',
    {
      config: { access: 'signed_in', beforePasswordChange: true },
      schema: { response: { 200: currentUserSchema }, tags: ['auth'] },
    },
    async (request) => currentUser(app.db, request.user.id),
  );

  app.post(
    '/users/change_password/',
    {
      config: { access: 'signed_in', beforePasswordChange: true },
      schema: {
        body: changePasswordBody,
        response: { 200: changePasswordResponse },
        tags: ['auth'],
      },
    },
    async (request) =>
      changePassword(deps, request.user.id, request.body, request.ip, app.config.throttles.login),
  );
};
