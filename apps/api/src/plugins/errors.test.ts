import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conflict, DomainError, forbidden, invalid, notFound, unauthorized } from '../errors';
import errors from './errors';

let app: FastifyInstance;
beforeAll(async () => {
  const server = Fastify().withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  await server.register(errors);
  const throwing: Record<string, () => unknown> = {
    invalid: () => invalid('name', 'Name is required'),
    unauthorized: () => unauthorized(),
    forbidden: () => forbidden(),
    notFound: () => notFound('Class'),
    conflict: () => conflict('That class already exists'),
    tooMany: () => new DomainError('Slow down', 429, { code: 'too_many_attempts' }),
    unique: () => Object.assign(new Error('duplicate key'), { code: '23505' }),
    wrappedUnique: () =>
      Object.assign(new Error('Failed query'), { cause: { code: '23505', detail: 'x' } }),
    bug: () => new Error('secret internal detail'),
  };
  for (const [name, make] of Object.entries(throwing)) {
    server.get(`/throw/${name}`, async () => {
      throw make();
    });
  }
  server.post(
    '/validate',
    {
      schema: {
        body: z.object({
          school: z.object({ name: z.string().min(2, 'Too short') }),
          phone: z.string({ error: 'Phone is required' }),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  server.get(
    '/things/:id/',
    {
      schema: {
        params: z.object({
          id: z.coerce
            .number()
            .int()
            .positive()
            .max(2 ** 31 - 1),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  app = server;
  await app.ready();
});
afterAll(() => app?.close());

const thrown = (name: string) => app.inject({ method: 'GET', url: `/throw/${name}` });

describe('the error plugin', () => {
  it.each([
    ['invalid', 400, { message: 'Name is required', errors: { name: ['Name is required'] } }],
    ['unauthorized', 401, { message: 'Authentication credentials were not provided.' }],
    ['forbidden', 403, { message: 'You do not have permission to do that.' }],
    ['notFound', 404, { message: 'Class not found' }],
    ['conflict', 409, { message: 'That class already exists' }],
    ['tooMany', 429, { message: 'Slow down', code: 'too_many_attempts' }],
    ['unique', 409, { message: 'That record already exists' }],
    ['wrappedUnique', 409, { message: 'That record already exists' }],
  ])('turns %s into %i and the one error shape', async (name, status, body) => {
    const res = await thrown(name);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
  });

  it('answers 500 with a plain message and no internals for a bug', async () => {
    const res = await thrown('bug');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toContain('secret internal detail');
  });

  it('answers zod failures as 400 with each field message under its dotted path', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/validate',
      payload: { school: { name: 'x' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Too short',
      errors: { 'school.name': ['Too short'], phone: ['Phone is required'] },
    });
  });

  it('answers 404 for a path id no record can have, whatever is wrong with it', async () => {
    for (const id of ['0', '-1', '2147483648', '99999999999', 'abc', '1.5']) {
      const res = await app.inject({ method: 'GET', url: `/things/${id}/` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
    expect((await app.inject({ method: 'GET', url: '/things/2147483647/' })).statusCode).toBe(200);
  });
});
