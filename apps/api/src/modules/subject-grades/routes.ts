import {
  batchUpdateBandsBody,
  subjectGradeListResponse,
  subjectGradesQuery,
} from '@shule/shared/grades';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batchUpdateBands, listBands } from './service';

const subjectGradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/grades/subject_grades/',
    {
      config: { access: 'staff' },
      schema: {
        querystring: subjectGradesQuery,
        response: { 200: subjectGradeListResponse },
        tags: ['grades'],
      },
    },
    async (request) => listBands(app.db, request.schoolId(), request.query.subject),
  );

  app.patch(
    '/grades/subject_grades/batch_update/',
    {
      config: { access: 'admin' },
      schema: {
        body: batchUpdateBandsBody,
        response: { 200: subjectGradeListResponse },
        tags: ['grades'],
      },
    },
    async (request) => batchUpdateBands(app.db, request.schoolId(), request.body),
  );
};

export default subjectGradeRoutes;
