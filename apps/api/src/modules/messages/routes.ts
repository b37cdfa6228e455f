import { idParam } from '@shule/shared/fields';
import {
  messageAudienceQuery,
  messageAudienceResponse,
  messageDetailResponse,
  messageListQuery,
  messageListResponse,
  parentSmsBody,
  parentSmsResponse,
  sendMessageBody,
  sendMessageResponse,
} from '@shule/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setParentSmsOptOut } from './parent-sms';
import { getMessageDetail, listMessages, messageAudience, sendMessage } from './service';

const idParams = z.object({ id: idParam });

/**
 * SMS to parents: sending (an outbox the worker sends from), the list and each message, a
 * parent's opt-out, and each student's results of an exam to their parent.
 */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/messages/',
    {
      config: { idempotent: true, access: 'admin' },
      schema: { body: sendMessageBody, response: { 201: sendMessageResponse }, tags: ['messages'] },
    },
    async (request, reply) => {
      const schoolId = request.assertOwnSchool(request.body.school);
      const actor = { schoolId, userId: request.user.id };
      const answer = await sendMessage(app.db, actor, app.config.sms, request.body);
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/messages/audience/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: messageAudienceQuery,
        response: { 200: messageAudienceResponse },
        tags: ['messages'],
      },
    },
    async (request) => {
      const schoolId = request.assertOwnSchool(request.query.school);
      return messageAudience(app.db, schoolId, app.config.sms, request.query.classes);
    },
  );

  app.get(
    '/messages/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: messageListQuery,
        response: { 200: messageListResponse },
        tags: ['messages'],
      },
    },
    async (request) => {
      const { school, ...page } = request.query;
      return listMessages(app.db, request.assertOwnSchool(school), app.config.sms, page);
    },
  );

  app.get(
    '/messages/:id/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 200: messageDetailResponse }, tags: ['messages'] },
    },
    async (request) =>
      getMessageDetail(app.db, request.schoolId(), app.config.sms, request.params.id),
  );

  // A parent's own wish about SMS, beside the consents kept on each child's record.
  app.patch(
    '/parents/:id/sms/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: parentSmsBody,
        response: { 200: parentSmsResponse },
        tags: ['messages'],
      },
    },
    async (request) => {
      const actor = { schoolId: request.schoolId(), userId: request.user.id, address: request.ip };
      return setParentSmsOptOut(app.db, actor, request.params.id, request.body.opted_out);
    },
  );
};

export default messageRoutes;
