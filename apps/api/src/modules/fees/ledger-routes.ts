import {
  feeStatementQuery,
  feeStatementResponse,
  ledgerAdjustmentBody,
  ledgerEntryResponse,
  recordPaymentBody,
  recordPaymentResponse,
  reverseEntryBody,
} from '@shule/shared/fee-ledger';
import { idParam } from '@shule/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonOrPdfAnswer, sendPdf } from '../../pdf/answer';
import { schoolForPrint } from '../schools/index';
import { addAdjustment, reverseEntry } from './adjustments';
import { receiptOf, recordCounterPayment } from './payments';
import { receiptFileName, renderReceiptPdf } from './receipt-pdf';
import { feeStatement } from './statement';
import { renderStatementPdf, statementFileName } from './statement-pdf';

const idParams = z.object({ id: idParam });

const pdfOnly = (description: string) => ({
  description,
  content: {
    'application/pdf': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) },
  },
});

/**
 * A student's ledger and money at the counter:
 * POST /api/students/{id}/ledger/ (waiver, discount, bursary, capitation),
 * POST /api/ledger_entries/{id}/reverse/, GET /api/students/{id}/fee_statement/ (JSON or PDF),
 * POST /api/payments/ (cash, bank, cheque; idempotent), GET /api/payments/{id}/receipt/ (PDF).
 */
const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const schoolWithCrest = (schoolId: number) =>
    schoolForPrint(app.db, app.config.dataDir, schoolId);

  app.post(
    '/students/:id/ledger/',
    {
      config: { idempotent: true, access: 'admin' },
      schema: {
        params: idParams,
        body: ledgerAdjustmentBody,
        response: { 201: ledgerEntryResponse },
        tags: ['fees'],
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addAdjustment(
            app.db,
            request.schoolId(),
            request.params.id,
            request.body,
            request.user.id,
          ),
        ),
  );

  app.post(
    '/ledger_entries/:id/reverse/',
    {
      config: { idempotent: true, access: 'admin' },
      schema: {
        params: idParams,
        body: reverseEntryBody,
        response: { 201: ledgerEntryResponse },
        tags: ['fees'],
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reverseEntry(
            app.db,
            request.schoolId(),
            request.params.id,
            request.body.reason,
            request.user.id,
          ),
        ),
  );

  app.get(
    '/students/:id/fee_statement/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        querystring: feeStatementQuery,
        response: {
          200: jsonOrPdfAnswer(
            "The student's fee statement; with format=pdf, the A4 statement to print",
            feeStatementResponse,
          ),
        },
        tags: ['fees'],
      },
    },
    async (request, reply) => {
      const { format, by } = request.query;
      const statement = await feeStatement(
        app.db,
        request.schoolId(),
        request.params.id,
        by === 'vote_head',
      );
      if (format !== 'pdf') return statement;
      const { school, crest } = await schoolWithCrest(request.schoolId());
      return sendPdf(
        reply,
        await renderStatementPdf(statement, school, { crest }),
        statementFileName(statement),
      );
    },
  );

  app.post(
    '/payments/',
    {
      config: { idempotent: true, access: 'admin' },
      schema: {
        body: recordPaymentBody,
        response: { 201: recordPaymentResponse },
        tags: ['fees'],
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await recordCounterPayment(app.db, request.schoolId(), request.body, request.user.id),
        ),
  );

  app.get(
    '/payments/:id/receipt/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        response: { 200: pdfOnly("The payment's receipt, an A5 PDF") },
        tags: ['fees'],
      },
    },
    async (request, reply) => {
      const receipt = await receiptOf(app.db, request.schoolId(), request.params.id);
      const { school, crest } = await schoolWithCrest(request.schoolId());
      return sendPdf(
        reply,
        await renderReceiptPdf(receipt, school, { crest }),
        receiptFileName(receipt),
      );
    },
  );
};

export default ledgerRoutes;
