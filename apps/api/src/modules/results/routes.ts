import { examIdParams, meritListQuery, meritListResponse } from '@shule/shared/results/merit-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertMaySeeResults, meritList, type ResultsScope } from './service';

/** Exam results: merit lists (and, with the report forms, what parents are given). */
const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('admin', 'teacher');

  app.get(
    '/exams/:id/merit_list/',
    {
      preHandler: staff,
      schema: {
        params: examIdParams,
        querystring: meritListQuery,
        response: { 200: meritListResponse },
        tags: ['results'],
      },
    },
    async (request) => {
      const { class: classId, level } = request.query;
      const scope: ResultsScope = classId !== undefined ? { classId } : { level: level! };
      await assertMaySeeResults(app.db, request, scope);
      return meritList(app.db, request.schoolId(), request.params.id, scope);
    },
  );
};

export default resultRoutes;
