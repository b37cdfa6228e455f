import type { FastifyReply } from 'fastify';
import { type ZodType, z } from 'zod';

/** A 200 answered as JSON or, with format=pdf, as a PDF download: how /api/docs describes it. */
export const jsonOrPdfAnswer = (description: string, json: ZodType) => ({
  description,
  content: {
    'application/json': { schema: json },
    'application/pdf': {
      schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }),
    },
  },
});

/** A printed list or form as a download named `fileName`.pdf, never cached (marks change). */
export const sendPdf = (reply: FastifyReply, pdf: Buffer, fileName: string) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}.pdf"`)
    .header('cache-control', 'no-store')
    .send(pdf);
