import {
  assessmentHistoryQuery,
  assessmentHistoryResponse,
  assessmentListResponse,
  assessmentSchema,
  assessmentSheetResponse,
  assessmentsQuery,
  createAssessmentBody,
  saveLevelsBody,
} from '@shule/shared/cbc-assessments';
import { idParam } from '@shule/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assessmentHistory,
  createAssessment,
  getAssessmentSheet,
  listAssessments,
  saveLevels,
} from './assessments';

const idParams = z.object({ id: idParam });
const tags = ['cbc'];

/**
 * CBC assessments: staff read those of the classes they may read; an administrator, or the
 * teacher of the learning area in the class, creates one and saves its levels.
 */
const cbcAssessmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cbc/assessments/',
    {
      config: { access: 'staff' },
      schema: { querystring: assessmentsQuery, response: { 200: assessmentListResponse }, tags },
    },
    async (request) => listAssessments(app.db, request.user, request.schoolId(), request.query),
  );

  app.post(
    '/cbc/assessments/',
    {
      config: { access: 'staff' },
      schema: { body: createAssessmentBody, response: { 201: assessmentSchema }, tags },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAssessment(app.db, request.user, request.schoolId(), request.body)),
  );

  app.get(
    '/cbc/assessments/:id/',
    {
      config: { access: 'staff' },
      schema: { params: idParams, response: { 200: assessmentSheetResponse }, tags },
    },
    async (request) =>
      getAssessmentSheet(app.db, request.user, request.schoolId(), request.params.id),
  );

  app.put(
    '/cbc/assessments/:id/levels/',
    {
      config: { access: 'staff' },
      schema: {
        params: idParams,
        body: saveLevelsBody,
        response: { 200: assessmentSheetResponse },
        tags,
      },
    },
    async (request) =>
      saveLevels(app.db, request.user, request.schoolId(), request.params.id, request.body),
  );

  app.get(
    '/cbc/assessments/:id/history/',
    {
      config: { access: 'staff' },
      schema: {
        params: idParams,
        querystring: assessmentHistoryQuery,
        response: { 200: assessmentHistoryResponse },
        tags,
      },
    },
    async (request) =>
      assessmentHistory(app.db, request.user, request.schoolId(), request.params.id, request.query),
  );
};

export default cbcAssessmentRoutes;
