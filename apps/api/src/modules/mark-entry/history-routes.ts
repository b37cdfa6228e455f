import {
  lateChangesResponse,
  markHistoryQuery,
  markHistoryResponse,
} from '@shule/shared/mark-entry';
import { examIdParams } from '@shule/shared/results/merit-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lateChanges, markHistory } from './mark-history';

/** Who changed which mark and when: read-only, for administrators. */
const markHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/exams/:id/mark_history/',
    {
      config: { access: 'admin' },
      schema: {
        params: examIdParams,
        querystring: markHistoryQuery,
        response: { 200: markHistoryResponse },
        tags: ['scores'],
      },
    },
    (request) => markHistory(app.db, request.schoolId(), request.params.id, request.query.student),
  );

  app.get(
    '/exams/:id/late_changes/',
    {
      config: { access: 'admin' },
      schema: {
        params: examIdParams,
        response: { 200: lateChangesResponse },
        tags: ['scores'],
      },
    },
    (request) => lateChanges(app.db, request.schoolId(), request.params.id),
  );
};

export default markHistoryRoutes;
