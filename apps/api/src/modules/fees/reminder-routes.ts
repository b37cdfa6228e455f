import {
  feeRemindersPreview,
  feeRemindersQuery,
  sendFeeRemindersBody,
} from '@shule/shared/fee-reminders';
import { sendMessageResponse } from '@shule/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { previewFeeReminders, sendFeeReminders } from './reminders';

/** Fee reminders by SMS: preview, then send through the messaging outbox (money: admins). */
const feeReminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fees/reminders/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: feeRemindersQuery,
        response: { 200: feeRemindersPreview },
        tags: ['fees'],
      },
    },
    async (request) => {
      const { school, ...query } = request.query;
      return previewFeeReminders(app.db, request.assertOwnSchool(school), app.config, query);
    },
  );

  app.post(
    '/fees/reminders/',
    {
      config: { idempotent: true, access: 'admin' },
      schema: {
        body: sendFeeRemindersBody,
        response: { 201: sendMessageResponse },
        tags: ['fees'],
      },
    },
    async (request, reply) => {
      const { school, ...body } = request.body;
      const actor = { schoolId: request.assertOwnSchool(school), userId: request.user.id };
      return reply.status(201).send(await sendFeeReminders(app.db, actor, app.config, body));
    },
  );
};

export default feeReminderRoutes;
