import type { ApiErrorBody } from '@shule/shared/api';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../db/unique-violation';
import { DomainError } from '../errors';

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // A path names a record: an id no record can have (0, past int4, not a number) names none.
    if (hasZodFastifySchemaValidationErrors(err) && err.validationContext === 'params') {
      return reply.status(404).send({ message: 'Not found' } satisfies ApiErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        errors[field] = [...(errors[field] ?? []), issue.message ?? 'Invalid value'];
      }
      const body: ApiErrorBody = { message: err.validation[0]?.message ?? 'Invalid input', errors };
      return reply.status(400).send(body);
    }
    if (err instanceof DomainError) {
      return reply
        .status(err.status)
        .send({ message: err.message, ...err.extra } satisfies ApiErrorBody);
    }
    // A unique violation that slipped past a service's own checks is a 409, not a 500.
    if (isUniqueViolation(err)) {
      return reply
        .status(409)
        .send({ message: 'That record already exists' } satisfies ApiErrorBody);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON'
          : err.message;
      return reply.status(status).send({ message, code: err.code } satisfies ApiErrorBody);
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // Client-side routes get the app; a missing file (an old build's chunk, anything under
    // /assets/) stays a 404.
    const isAppRoute =
      request.method === 'GET' &&
      !url.startsWith('/api') &&
      !url.startsWith('/uploads') &&
      !url.startsWith('/assets/') &&
      !/\.[a-z0-9]+$/i.test(url);
    if (app.spaFallback && isAppRoute) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: `No route ${request.method} ${url}` });
  });
});
