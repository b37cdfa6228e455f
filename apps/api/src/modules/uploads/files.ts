import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { uploadsDir } from './service';

/**
 * Serves uploaded images at /uploads/<name>. Names are random and files never change, so they
 * may be cached for good; the type comes from the extension we chose after checking the bytes,
 * and helmet adds `x-content-type-options: nosniff`.
 */
export default async function uploadedFiles(app: FastifyInstance) {
  const root = uploadsDir(app.config.dataDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
  });
}
