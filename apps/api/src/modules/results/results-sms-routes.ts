import {
  resultsSmsBody,
  resultsSmsPreview,
  resultsSmsQuery,
  sendMessageResponse,
} from '@shule/shared/messages';
import { examIdParams } from '@shule/shared/results/merit-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { previewResultsSms, sendResultsSms } from './results-sms';

/** Results by SMS: beside the exam's merit list, each parent their own child's results. */
const resultsSmsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/exams/:id/results_sms/',
    {
      config: { access: 'admin' },
      schema: {
        params: examIdParams,
        querystring: resultsSmsQuery,
        response: { 200: resultsSmsPreview },
        tags: ['messages'],
      },
    },
    async (request) => {
      const schoolId = request.assertOwnSchool(request.query.school);
      const { id } = request.params;
      return previewResultsSms(app.db, schoolId, app.config.sms, id, request.query.classes);
    },
  );

  app.post(
    '/exams/:id/results_sms/',
    {
      config: { idempotent: true, access: 'admin' },
      schema: {
        params: examIdParams,
        body: resultsSmsBody,
        response: { 201: sendMessageResponse },
        tags: ['messages'],
      },
    },
    async (request, reply) => {
      const schoolId = request.assertOwnSchool(request.body.school);
      const actor = { schoolId, userId: request.user.id };
      const { id } = request.params;
      const answer = await sendResultsSms(app.db, actor, app.config.sms, id, request.body.classes);
      return reply.status(201).send(answer);
    },
  );
};

export default resultsSmsRoutes;
