import { NOTHING_TO_CHANGE_MESSAGE } from '@shule/shared/fields';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import changes from './changes';
import errors from './errors';

let app: FastifyInstance;
const changed: unknown[] = [];
beforeAll(async () => {
  const server = Fastify().withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  await server.register(errors);
  await server.register(changes);
  // A schema that knows nothing of empty changes: the plugin alone must refuse them.
  const body = z.object({ name: z.string().optional(), note: z.string().optional() });
  server.patch('/things/:id/', { schema: { body } }, async (request) => {
    changed.push(request.body);
    return { ok: true };
  });
  server.post('/things/', { schema: { body } }, async () => ({ ok: true }));
  app = server;
  await app.ready();
});
afterAll(() => app?.close());

const patch = (payload?: unknown) =>
  app.inject({
    method: 'PATCH',
    url: '/things/1/',
    ...(payload === undefined
      ? {}
      : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
  });

describe('every PATCH changes something', () => {
  it.each([
    ['an empty body', {}],
    ['only fields the schema drops', { colour: 'red' }],
    ['only unset fields', { name: undefined }],
    ['no body at all', undefined],
  ])('answers 400 "Nothing to change" for %s, and the handler never runs', async (_, payload) => {
    const res = await patch(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: NOTHING_TO_CHANGE_MESSAGE,
      errors: { _: [NOTHING_TO_CHANGE_MESSAGE] },
    });
    expect(changed).toEqual([]);
  });

  it('lets a change with one field through, and leaves other methods alone', async () => {
    expect((await patch({ name: 'New' })).statusCode).toBe(200);
    expect(changed).toEqual([{ name: 'New' }]);
    const post = await app.inject({ method: 'POST', url: '/things/', payload: {} });
    expect(post.statusCode).toBe(200);
  });
});
