import { idParam } from '@shule/shared/fields';
import {
  assignPaymentBody,
  assignPaymentResponse,
  IMPORT_MAX_BYTES,
  importResponse,
  importSourceField,
  MPESA_MESSAGES,
  mpesaStatusResponse,
  registerUrlsResponse,
  resolveReviewResponse,
  stkPushBody,
  stkRequestSchema,
  unmatchedQuery,
  unmatchedResponse,
} from '@shule/shared/mpesa';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCsvUpload } from '../../csv-upload';
import { DomainError, invalid } from '../../errors';
import { DarajaError, darajaFor } from './daraja';
import { importStatement } from './import';
import { paybillUrls } from './paybill';
import { assignUnmatched, listUnmatched, resolveReview } from './queue';
import { getStkRequest, mpesaConfigured, requestStkPush } from './stk';

const idParams = z.object({ id: idParam });

/**
 * M-Pesa for admins (decision 016): whether it is configured, STK pushes and their status, the
 * Paybill's URL registration, statements imported from elsewhere, and the queue of payments no
 * admission number matched.
 */
const mpesaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fees/mpesa/status/',
    {
      config: { access: 'admin' },
      schema: { response: { 200: mpesaStatusResponse }, tags: ['mpesa'] },
    },
    async () => ({
      configured: app.config.mpesa !== undefined,
      shortcode: app.config.mpesa?.shortcode ?? null,
    }),
  );

  app.post(
    '/fees/mpesa/stk_push/',
    {
      config: { idempotent: true, access: 'admin' },
      schema: { body: stkPushBody, response: { 201: stkRequestSchema }, tags: ['mpesa'] },
    },
    async (request, reply) => {
      const config = mpesaConfigured(app.config.mpesa);
      const actor = { schoolId: request.schoolId(), userId: request.user.id };
      const answer = await requestStkPush(app.db, darajaFor(config), config, actor, request.body);
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/fees/mpesa/stk_push/:id/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 200: stkRequestSchema }, tags: ['mpesa'] },
    },
    async (request) => getStkRequest(app.db, request.schoolId(), request.params.id),
  );

  app.post(
    '/fees/mpesa/register_urls/',
    {
      config: { access: 'admin' },
      schema: { response: { 200: registerUrlsResponse }, tags: ['mpesa'] },
    },
    async (request) => {
      const config = mpesaConfigured(app.config.mpesa);
      const urls = paybillUrls(config, request.schoolId());
      try {
        const words = await darajaFor(config).registerUrls(urls);
        return {
          shortcode: config.shortcode,
          confirmation_url: urls.confirmationUrl,
          validation_url: urls.validationUrl,
          response_description: words,
        };
      } catch (err) {
        if (err instanceof DarajaError)
          throw new DomainError(err.message, 502, { code: 'mpesa_refused' });
        throw err;
      }
    },
  );

  app.get(
    '/payments/unmatched/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: unmatchedQuery,
        response: { 200: unmatchedResponse },
        tags: ['mpesa'],
      },
    },
    async (request) => listUnmatched(app.db, request.schoolId(), request.query),
  );

  app.post(
    '/payments/import/',
    {
      config: { access: 'admin' },
      schema: { response: { 201: importResponse }, tags: ['mpesa'] },
    },
    async (request, reply) => {
      const { source, text } = await readStatement(request);
      const actor = { schoolId: request.schoolId(), userId: request.user.id };
      return reply.status(201).send(await importStatement(app.db, actor, source, text));
    },
  );

  /** The form of an import: the field `source` and the file `file`, in either order. */
  async function readStatement(request: FastifyRequest) {
    const { text, fields } = await readCsvUpload(request, {
      maxBytes: IMPORT_MAX_BYTES,
      what: 'The statement',
      missing: MPESA_MESSAGES.importFile,
    });
    const parsed = importSourceField.safeParse(fields.source);
    if (!parsed.success) throw invalid('source', MPESA_MESSAGES.importSource);
    return { source: parsed.data, text };
  }

  app.post(
    '/payments/reviews/:id/resolve/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 200: resolveReviewResponse }, tags: ['mpesa'] },
    },
    async (request) => {
      const actor = { schoolId: request.schoolId(), userId: request.user.id };
      return resolveReview(app.db, actor, request.params.id);
    },
  );

  app.post(
    '/payments/:id/assign/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: assignPaymentBody,
        response: { 200: assignPaymentResponse },
        tags: ['mpesa'],
      },
    },
    async (request) => {
      const actor = { schoolId: request.schoolId(), userId: request.user.id };
      return assignUnmatched(app.db, actor, request.params.id, request.body.student);
    },
  );
};

export default mpesaRoutes;
