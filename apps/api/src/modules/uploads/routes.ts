import type { MultipartFile } from '@fastify/multipart';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_FIELD,
  UPLOAD_MESSAGES,
  uploadResponse,
} from '@shule/shared/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, invalid } from '../../errors';
import { storeImage } from './service';

const tooLarge = () =>
  new DomainError(UPLOAD_MESSAGES.tooLarge, 413, { errors: { file: [UPLOAD_MESSAGES.tooLarge] } });

const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A profile photo: multipart field `file`, a real JPEG or PNG of at most 5 MB. */
  app.post(
    '/uploads/',
    { schema: { response: { 201: uploadResponse }, tags: ['uploads'] } },
    async (request, reply) => {
      if (!request.isMultipart()) throw invalid(UPLOAD_FIELD, UPLOAD_MESSAGES.missing);
      let part: MultipartFile | undefined;
      let bytes: Buffer;
      try {
        part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
        if (!part || part.fieldname !== UPLOAD_FIELD) {
          throw invalid(UPLOAD_FIELD, UPLOAD_MESSAGES.missing);
        }
        bytes = await part.toBuffer();
      } catch (err) {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
        if (err instanceof DomainError || (err as { statusCode?: number }).statusCode) throw err;
        // The multipart parser's own errors (a body cut short, a boundary never closed) carry
        // no status, yet they describe what the client sent.
        throw invalid(UPLOAD_FIELD, UPLOAD_MESSAGES.malformed);
      }
      return reply.status(201).send(await storeImage(app.config.dataDir, bytes));
    },
  );
};

export default uploadRoutes;
