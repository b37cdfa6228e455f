import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dropDocumentHeaders } from './security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    spaFallback?: boolean;
  }
}

/**
 * Serves the built web app; the not-found handler (plugins/errors.ts) answers client-side routes
 * with index.html. The build writes a Brotli (.br) and a gzip (.gz) copy beside each text file
 * (apps/web/vite.config.ts), and the copy the browser accepts is sent as it is, with
 * `vary: accept-encoding`: no compressing on every request.
 */
export default fp(async function spa(app: FastifyInstance, opts: { root: string }) {
  if (!existsSync(path.join(opts.root, 'index.html'))) {
    throw new Error(
      `The web app is not built: ${opts.root}/index.html is missing (run npm run build).`,
    );
  }
  const assets = path.join(path.resolve(opts.root), 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    cacheControl: false,
    preCompressed: true,
    // Built assets carry a content hash in their names; index.html must always be fresh.
    setHeaders(reply, filePath) {
      const isAsset = filePath.startsWith(assets);
      reply.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (isAsset) dropDocumentHeaders(reply);
    },
  });
  app.decorate('spaFallback', true);
});
