import { c2bCallbackBody, DARAJA_ACCEPTED, darajaAck, stkCallbackBody } from '@shule/shared/mpesa';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../errors';
import { isCallbackToken } from '../../kit/callback-token';
import { applyC2bConfirmation, schoolOfPaybillToken } from './paybill';
import { applyStkCallback } from './stk';

/** Daraja's callbacks are small JSON documents; anything bigger is not one. */
const CALLBACK_BODY_LIMIT = 16 * 1024;

const tokenParams = z.object({ token: z.string() });
const notFound = () => new DomainError('Not found', 404);

/**
 * Daraja's callbacks (decision 016): public, checked by the secret token in the path before the
 * body is read (a wrong one is 404 and changes nothing), idempotent on M-Pesa's receipt.
 */
const mpesaCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payments/mpesa/stk_callback/:token',
    {
      bodyLimit: CALLBACK_BODY_LIMIT,
      onRequest: async (request) => {
        const { token } = request.params as { token?: string };
        if (!isCallbackToken(token ?? '', app.config.mpesa?.callbackToken)) throw notFound();
      },
      schema: {
        params: tokenParams,
        body: stkCallbackBody,
        response: { 200: darajaAck },
        tags: ['mpesa'],
        summary: 'Daraja’s STK push result',
      },
    },
    async (request) => {
      await applyStkCallback(app.db, request.body);
      return DARAJA_ACCEPTED;
    },
  );

  /** The school a Paybill callback's token names, or 404 before the body is read. */
  const paybillSchool = async (request: { params: unknown }) => {
    const { token } = request.params as { token?: string };
    if (schoolOfPaybillToken(app.config.mpesa, token ?? '') === null) throw notFound();
  };
  const schoolOf = (token: string) => schoolOfPaybillToken(app.config.mpesa, token)!;

  // The paths, and the ones registered with Daraja (which refuses "mpesa" in a C2B URL).
  for (const [validation, confirmation] of [
    ['/payments/mpesa/c2b_validation/:token', '/payments/mpesa/c2b_confirmation/:token'],
    ['/payments/paybill/validation/:token', '/payments/paybill/confirmation/:token'],
  ] as const) {
    // Validation (when Safaricom has switched it on for the Paybill): every payment is taken;
    // one no admission number matches waits in the unmatched queue rather than bouncing.
    app.post(
      validation,
      {
        bodyLimit: CALLBACK_BODY_LIMIT,
        onRequest: paybillSchool,
        schema: {
          params: tokenParams,
          body: c2bCallbackBody,
          response: { 200: darajaAck },
          tags: ['mpesa'],
          summary: 'Daraja’s Paybill validation',
        },
      },
      async () => DARAJA_ACCEPTED,
    );
    app.post(
      confirmation,
      {
        bodyLimit: CALLBACK_BODY_LIMIT,
        onRequest: paybillSchool,
        schema: {
          params: tokenParams,
          body: c2bCallbackBody,
          response: { 200: darajaAck },
          tags: ['mpesa'],
          summary: 'Daraja’s Paybill confirmation',
        },
      },
      async (request) => applyC2bConfirmation(app.db, schoolOf(request.params.token), request.body),
    );
  }
};

export default mpesaCallbackRoutes;
