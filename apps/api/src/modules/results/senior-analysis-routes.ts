import { examIdParams } from '@shule/shared/results/merit-list';
import { seniorAnalysisResponse } from '@shule/shared/results/senior-analysis';
import { seniorLevelQuery } from '@shule/shared/senior';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seniorAnalysis } from './senior-analysis';
import { assertMaySeeResults } from './service';

/** A Grade 10-12 level's results by teaching group and by combination (a level's: admins). */
const seniorAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/exams/:id/senior_analysis/',
    {
      config: { access: 'staff' },
      schema: {
        params: examIdParams,
        querystring: seniorLevelQuery,
        response: { 200: seniorAnalysisResponse },
        tags: ['results'],
      },
    },
    async (request) => {
      const { level } = request.query;
      await assertMaySeeResults(app.db, request, { level });
      return seniorAnalysis(app.db, request.schoolId(), request.params.id, level);
    },
  );
};

export default seniorAnalysisRoutes;
