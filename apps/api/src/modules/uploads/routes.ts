import type { MultipartFile } from '@fastify/multipart';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_FIELD,
  UPLOAD_MESSAGES,
  uploadResponse,
} from '@shule/shared/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, invalid } from '../../errors';
import { storeImage, UploadRateLimited } from './service';

const tooLarge = () =>
  new DomainError(UPLOAD_MESSAGES.tooLarge, 413, { errors: { file: [UPLOAD_MESSAGES.tooLarge] } });

const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * A profile photo: multipart field `file`, a real JPEG or PNG of at most 5 MB, kept for the
   * caller's school within its quota and the caller's hourly cap. Answers its signed link.
   */
  app.post(
    '/uploads/',
    {
      config: { access: 'admin' },
      schema: { response: { 201: uploadResponse }, tags: ['uploads'] },
    },
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
      const who = { schoolId: request.schoolId(), userId: request.user.id };
      try {
        const ref = await storeImage(
          app.db,
          app.config.dataDir,
          who,
          bytes,
          app.config.uploadLimits,
        );
        return reply.status(201).send({ secure_url: app.photoUrls.sign(ref)! });
      } catch (err) {
        if (err instanceof UploadRateLimited) {
          reply.header('retry-after', String(err.retryAfterSeconds));
        }
        throw err;
      }
    },
  );
};

export default uploadRoutes;
