import {
  markEntryQuery,
  markEntryResponse,
  saveMarkEntryBody,
  saveMarkEntryResponse,
} from '@shule/shared/mark-entry';
import { examIdParams } from '@shule/shared/results/merit-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readMarkEntry, saveMarkEntry } from './mark-entry';

/**
 * Mark entry by subject: one exam, one class (or one senior-school teaching group), one subject.
 * Staff; a teacher only for the (class, subject) pairs assigned to them (assertMayMark in the
 * service), or the teaching groups they teach.
 */
const markEntryRoutes: FastifyPluginAsyncZod = async (app) => {
  const columnOf = (request: {
    schoolId(): number;
    params: { id: number };
    query: { class?: number; group?: number; subject: number };
  }) => ({
    schoolId: request.schoolId(),
    examId: request.params.id,
    classId: request.query.class,
    groupId: request.query.group,
    subjectId: request.query.subject,
  });

  app.get(
    '/exams/:id/marks/',
    {
      config: { access: 'staff' },
      schema: {
        params: examIdParams,
        querystring: markEntryQuery,
        response: { 200: markEntryResponse },
        tags: ['scores'],
      },
    },
    (request) => readMarkEntry(app.db, request.user, columnOf(request)),
  );

  app.put(
    '/exams/:id/marks/',
    {
      config: { access: 'staff' },
      schema: {
        params: examIdParams,
        querystring: markEntryQuery,
        body: saveMarkEntryBody,
        response: { 200: saveMarkEntryResponse },
        tags: ['scores'],
      },
    },
    (request) => saveMarkEntry(app.db, request.user, columnOf(request), request.body),
  );
};

export default markEntryRoutes;
