import { noContent } from '@shule/shared/api';
import {
  changePasswordBody,
  changePasswordResponse,
  currentUserSchema,
  loginBody,
  loginResponse,
  refreshBody,
  signupBody,
  signupResponse,
  tokenPair,
} from '@shule/shared/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePassword, currentUser, login, logout, refresh, signup } from './service';
import { countSignUp, retryAfterHeader } from './throttle';

/**
 * preHandler of sign-up and of school registration: 429 with Retry-After past the sign-ups
 * allowed from the caller's address (the route's scope adds `retryAfterHeader` as onError).
 */
export const signUpLimit = (app: FastifyInstance) => async (request: FastifyRequest) =>
  countSignUp(app.db, request.ip, app.config.throttles.signUpsPerAddress);

/** Signing up, in and out: public (modules/index.ts lists them). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, signAccessToken: app.signAccessToken };
  app.addHook('onError', retryAfterHeader);

  app.post(
    '/users/signup/',
    {
      preHandler: signUpLimit(app),
      schema: { body: signupBody, response: { 201: signupResponse }, tags: ['auth'] },
    },
    async (request, reply) => reply.status(201).send(await signup(deps, request.body)),
  );

  app.post(
    '/users/login/',
    { schema: { body: loginBody, response: { 200: loginResponse }, tags: ['auth'] } },
    async (request) => login(deps, request.body, request.ip, app.config.throttles.login),
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
