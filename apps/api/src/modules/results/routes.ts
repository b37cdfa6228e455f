import {
  analysisFileName,
  analysisQuery,
  analysisResponse,
  latestResultsResponse,
} from '@shule/shared/results/analysis';
import { examIdParams, meritListQuery } from '@shule/shared/results/merit-list';
import { meritListFileName } from '@shule/shared/results/merit-list-columns';
import { packedMeritListResponse, packMeritList } from '@shule/shared/results/merit-list-packed';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jsonOrPdfAnswer, sendPdf } from '../../pdf/answer';
import { sendTypedJson } from '../../plugins/typed-json';
import { schoolForPrint } from '../schools/index';
import { examAnalysis, latestResults } from './analysis';
import { renderAnalysisPdf } from './analysis-pdf';
import { renderMeritListPdf } from './merit-list-pdf';
import seniorAnalysisRoutes from './senior-analysis-routes';
import { assertMaySeeResults, meritList, type ResultsScope } from './service';

/** Exam results: merit lists (and, with the report forms, what parents are given). */
const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(seniorAnalysisRoutes);
  const schoolWithCrest = (schoolId: number) =>
    schoolForPrint(app.db, app.config.dataDir, schoolId);

  app.get(
    '/exams/:id/merit_list/',
    {
      config: { access: 'staff' },
      schema: {
        params: examIdParams,
        querystring: meritListQuery,
        response: {
          200: jsonOrPdfAnswer(
            'The merit list, each field of its rows as one list; with format=pdf, the landscape A4 list to print',
            packedMeritListResponse,
          ),
        },
        tags: ['results'],
      },
    },
    async (request, reply) => {
      const { class: classId, level, format } = request.query;
      const scope: ResultsScope = classId !== undefined ? { classId } : { level: level! };
      await assertMaySeeResults(app.db, request, scope);
      const list = await meritList(app.db, request.schoolId(), request.params.id, scope);
      if (format !== 'pdf') return sendTypedJson(reply, packMeritList(list));
      const { school, crest } = await schoolWithCrest(request.schoolId());
      const pdf = await renderMeritListPdf(list, school, { crest });
      return sendPdf(reply, pdf, meritListFileName(list));
    },
  );

  app.get(
    '/exams/latest_results/',
    {
      config: { access: 'admin' },
      schema: {
        response: {
          200: latestResultsResponse.describe(
            "The latest exam with marks and each level's mean grade and deviation in it",
          ),
        },
        tags: ['results'],
      },
    },
    (request) => latestResults(app.db, request.schoolId()),
  );

  app.get(
    '/exams/:id/analysis/',
    {
      config: { access: 'staff' },
      schema: {
        params: examIdParams,
        querystring: analysisQuery,
        response: {
          200: jsonOrPdfAnswer(
            'The analysis of the exam for a level or a stream; with format=pdf, as A4 pages',
            analysisResponse,
          ),
        },
        tags: ['results'],
      },
    },
    async (request, reply) => {
      const { class: classId, level, format } = request.query;
      const scope: ResultsScope = classId !== undefined ? { classId } : { level: level! };
      await assertMaySeeResults(app.db, request, scope);
      const analysis = await examAnalysis(app.db, request.schoolId(), request.params.id, scope);
      if (format !== 'pdf') return sendTypedJson(reply, analysis);
      const { school, crest } = await schoolWithCrest(request.schoolId());
      const pdf = await renderAnalysisPdf(analysis, school, { crest });
      return sendPdf(reply, pdf, analysisFileName(analysis));
    },
  );
};

export default resultRoutes;
