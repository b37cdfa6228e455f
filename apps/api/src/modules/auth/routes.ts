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
  sessionListResponse,
  signupBody,
  signupResponse,
  tokenPair,
} from '@shule/shared/auth';
import { idParam } from '@shule/shared/fields';
import { codeConfirmBody, codeSentResponse } from '@shule/shared/one-time-codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceOf } from './device';
import type { CodeDeps } from './one-time-codes';
import { requestPasswordReset, resetPassword } from './password-reset';
import {
  changePassword,
  confirmSignup,
  currentUser,
  endOwnSessions,
  login,
  logout,
  refresh,
  signup,
} from './service';
import { listSessions } from './sessions';
import { countSignUp, retryAfterHeader } from './throttle';

/** Who signs in: the request's address and its User-Agent summarised. */
const clientOf = (request: FastifyRequest) => ({
  address: request.ip,
  device: deviceOf(request.headers['user-agent']),
});

const idParams = z.object({ id: idParam });

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
      const answer = await signup(signupDeps, request.body, clientOf(request));
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    '/users/signup/confirm/',
    {
      schema: { body: codeConfirmBody, response: { 201: signupResponse }, tags: ['auth'] },
    },
    async (request, reply) =>
      reply.status(201).send(await confirmSignup(signupDeps, request.body, clientOf(request))),
  );

  app.post(
    '/users/login/',
    { schema: { body: loginBody, response: { 200: loginResponse }, tags: ['auth'] } },
    async (request) => login(deps, request.body, clientOf(request), app.config.throttles.login),
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
    async (request) => resetPassword(resetDeps, request.body, clientOf(request)),
  );

  app.post(
    '/token/refresh/',
    { schema: { body: refreshBody, response: { 200: tokenPair }, tags: ['auth'] } },
    async (request) => refresh(deps, request.body.refresh, request.ip),
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
      changePassword(
        deps,
        { userId: request.user.id, sessionId: request.user.sessionId },
        request.body,
        request.ip,
        app.config.throttles.login,
      ),
  );

  app.get(
    '/users/sessions/',
    {
      config: { access: 'signed_in' },
      schema: { response: { 200: sessionListResponse }, tags: ['auth'] },
    },
    async (request) => ({
      sessions: await listSessions(app.db, request.user.id, request.user.sessionId),
    }),
  );

  app.post(
    '/users/sessions/:id/end/',
    {
      config: { access: 'signed_in' },
      schema: { params: idParams, response: { 204: noContent }, tags: ['auth'] },
    },
    async (request, reply) => {
      await endOwnSessions(app.db, request.user, request.params.id, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    '/users/sessions/end_all/',
    {
      config: { access: 'signed_in' },
      schema: { response: { 204: noContent }, tags: ['auth'] },
    },
    async (request, reply) => {
      await endOwnSessions(app.db, request.user, 'all', request.ip);
      return reply.status(204).send();
    },
  );
};
