import { noContent } from '@shule/shared/api';
import {
  commentBankBody,
  commentBankEntrySchema,
  commentBankResponse,
  reportCommentsQuery,
  reportCommentsResponse,
  reportInputsQuery,
  reportInputsResponse,
  saveCommentsBody,
  saveRatingsBody,
  saveRemarksBody,
  updateCommentBankBody,
} from '@shule/shared/cbc-report-inputs';
import { idParam } from '@shule/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addToCommentBank,
  deleteCommentBankEntry,
  listCommentBank,
  updateCommentBankEntry,
} from './comment-bank';
import {
  getComments,
  getReportInputs,
  saveComments,
  saveRatings,
  saveRemarks,
} from './report-inputs';

const idParams = z.object({ id: idParam });
const tags = ['cbc'];

/**
 * What the teachers write on a learner progress report: ratings of the competencies and values
 * and the remarks (the class teacher, the head teacher: an administrator), each learning area's
 * comments (its teacher), and the school's comment bank (an administrator edits it).
 */
const reportInputRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cbc/classes/:id/report_inputs/',
    {
      config: { access: 'staff' },
      schema: {
        params: idParams,
        querystring: reportInputsQuery,
        response: { 200: reportInputsResponse },
        tags,
      },
    },
    async (request) =>
      getReportInputs(
        app.db,
        request.user,
        request.schoolId(),
        request.params.id,
        request.query.term,
      ),
  );

  app.put(
    '/cbc/classes/:id/ratings/',
    {
      config: { access: 'staff' },
      schema: {
        params: idParams,
        body: saveRatingsBody,
        response: { 200: reportInputsResponse },
        tags,
      },
    },
    async (request) =>
      saveRatings(app.db, request.user, request.schoolId(), request.params.id, request.body),
  );

  app.put(
    '/cbc/classes/:id/remarks/',
    {
      config: { access: 'staff' },
      schema: {
        params: idParams,
        body: saveRemarksBody,
        response: { 200: reportInputsResponse },
        tags,
      },
    },
    async (request) =>
      saveRemarks(app.db, request.user, request.schoolId(), request.params.id, request.body),
  );

  app.get(
    '/cbc/classes/:id/comments/',
    {
      config: { access: 'staff' },
      schema: {
        params: idParams,
        querystring: reportCommentsQuery,
        response: { 200: reportCommentsResponse },
        tags,
      },
    },
    async (request) =>
      getComments(app.db, request.user, request.schoolId(), request.params.id, request.query),
  );

  app.put(
    '/cbc/classes/:id/comments/',
    {
      config: { access: 'staff' },
      schema: {
        params: idParams,
        body: saveCommentsBody,
        response: { 200: reportCommentsResponse },
        tags,
      },
    },
    async (request) =>
      saveComments(app.db, request.user, request.schoolId(), request.params.id, request.body),
  );

  app.get(
    '/cbc/comment_bank/',
    { config: { access: 'staff' }, schema: { response: { 200: commentBankResponse }, tags } },
    async (request) => listCommentBank(app.db, request.schoolId()),
  );

  app.post(
    '/cbc/comment_bank/',
    {
      config: { access: 'admin' },
      schema: { body: commentBankBody, response: { 201: commentBankEntrySchema }, tags },
    },
    async (request, reply) =>
      reply.status(201).send(await addToCommentBank(app.db, request.schoolId(), request.body)),
  );

  app.patch(
    '/cbc/comment_bank/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: updateCommentBankBody,
        response: { 200: commentBankEntrySchema },
        tags,
      },
    },
    async (request) =>
      updateCommentBankEntry(app.db, request.schoolId(), request.params.id, request.body),
  );

  app.delete(
    '/cbc/comment_bank/:id/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 204: noContent }, tags },
    },
    async (request, reply) => {
      await deleteCommentBankEntry(app.db, request.schoolId(), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default reportInputRoutes;
