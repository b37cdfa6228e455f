import { deliveryReportBody, deliveryReportResponse } from '@shule/shared/sms-delivery-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../errors';
import { isCallbackToken } from '../../kit/callback-token';
import { applyDeliveryReport } from './delivery-reports';

/** Delivery reports are a few short fields; anything bigger is not one. */
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * POST /api/sms/delivery_reports/{token}: public (the gateway has no account), form-encoded as
 * the gateway posts it. A wrong token answers 404 before the body is read.
 */
const deliveryReportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes take forms; every other route still answers 415 to one.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    '/sms/delivery_reports/:token',
    {
      onRequest: async (request) => {
        const { token } = request.params as { token?: string };
        if (!isCallbackToken(token ?? '', app.config.sms.callbackToken))
          throw new DomainError('Not found', 404);
      },
      schema: {
        params: z.object({ token: z.string() }),
        body: deliveryReportBody,
        response: { 200: deliveryReportResponse },
        tags: ['messages'],
        summary: 'The SMS gateway’s delivery report (Africa’s Talking), form-encoded',
      },
    },
    async (request) => applyDeliveryReport(app.db, request.body),
  );
};

export default deliveryReportRoutes;
