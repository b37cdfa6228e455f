import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Serves the built web app, with index.html for every client-side route. */
export default fp(async function spa(app: FastifyInstance, opts: { root: string }) {
  if (!existsSync(path.join(opts.root, 'index.html'))) {
    throw new Error(
      `The web app is not built: ${opts.root}/index.html is missing (run npm run build).`,
    );
  }
  await app.register(fastifyStatic, { root: opts.root, wildcard: false, maxAge: '1h' });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || url.startsWith('/api') || url.startsWith('/uploads')) {
      return reply.status(404).send({ message: `No route ${request.method} ${url}` });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
