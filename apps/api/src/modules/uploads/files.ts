import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MESSAGES, UPLOAD_NAME_PATTERN } from '@shule/shared/uploads';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { DomainError, notFound } from '../../errors';
import { makePrivateDir } from '../../private-files';
import { uploadsDir } from './service';
import { type PhotoUrlSigner, photoUrlSigner } from './signed-urls';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs the photo links answers carry (`app.photoUrls.sign(ref)`), and checks them. */
    photoUrls: PhotoUrlSigner;
  }
}

const linkQuery = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
});

const refused = (message: string) => new DomainError(message, 403);

/**
 * Serves uploaded photos at /uploads/<name>?expires=…&signature=…, the links the API signs and
 * puts in its answers, and nothing else: no signature 403, a wrong or expired one 403. The
 * browser may keep a photo privately for as long as its link lives, no longer. The type comes
 * from the extension chosen after checking the bytes, and every answer has nosniff.
 */
export default fp(async function uploadedFiles(app: FastifyInstance) {
  const root = uploadsDir(app.config.dataDir);
  await makePrivateDir(root);
  app.decorate('photoUrls', photoUrlSigner(app.config.jwtSecret));

  app.get(
    '/uploads/:name',
    {
      // A file, not an API call: left out of /api/docs (and so of the fuzz test, which reads
      // them); its own tests try bare, forged, expired and stray links.
      schema: { params: z.object({ name: z.string() }), querystring: linkQuery, hide: true },
    },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      if (!UPLOAD_NAME_PATTERN.test(name)) throw notFound('Photo');
      const { expires, signature } = request.query as z.infer<typeof linkQuery>;
      const link = app.photoUrls.check(name, expires, signature);
      if (!link.ok) throw refused(UPLOAD_MESSAGES[link.reason]);
      const file = path.join(root, name);
      const size = await stat(file).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) throw notFound('Photo');
      return reply
        .header('cache-control', `private, max-age=${link.maxAgeSeconds}`)
        .header('content-length', size)
        .type(name.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .send(createReadStream(file));
    },
  );
});
