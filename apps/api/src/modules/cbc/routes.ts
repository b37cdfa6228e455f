import { noContent } from '@shule/shared/api';
import {
  createLearningAreaBody,
  createStrandBody,
  learningAreaListResponse,
  learningAreaSchema,
  learningAreasQuery,
  MAX_STRAND_IMPORT_BYTES,
  STRAND_IMPORT_MESSAGES,
  strandImportPreviewSchema,
  strandImportQuery,
  strandImportResultSchema,
  strandListResponse,
  strandSchema,
  strandsQuery,
  updateLearningAreaBody,
} from '@shule/shared/cbc';
import { csvImportRefusedSchema, refusedImport } from '@shule/shared/csv-import';
import { idParam } from '@shule/shared/fields';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCsvUpload } from '../../csv-upload';
import {
  createLearningArea,
  createStrand,
  deleteLearningArea,
  deleteStrand,
  listLearningAreas,
  listStrands,
  renameLearningArea,
  restoreDefaultLearningAreas,
} from './learning-areas';
import reportInputRoutes from './report-input-routes';
import cbcSbaRoutes from './sba-routes';
import { importStrands, previewStrandImport } from './strand-import';

const idParams = z.object({ id: idParam });
const tags = ['cbc'];

/** A CBC level's learning areas and their strands: staff read them, an admin changes them. */
const cbcCurriculumRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(cbcSbaRoutes);
  await app.register(reportInputRoutes);

  app.get(
    '/cbc/learning_areas/',
    {
      config: { access: 'staff' },
      schema: {
        querystring: learningAreasQuery,
        response: { 200: learningAreaListResponse },
        tags,
      },
    },
    async (request) => listLearningAreas(app.db, request.schoolId(), request.query.level),
  );

  app.post(
    '/cbc/learning_areas/',
    {
      config: { access: 'admin' },
      schema: { body: createLearningAreaBody, response: { 201: learningAreaSchema }, tags },
    },
    async (request, reply) =>
      reply.status(201).send(await createLearningArea(app.db, request.schoolId(), request.body)),
  );

  app.post(
    '/cbc/levels/:id/default_learning_areas/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 200: learningAreaListResponse }, tags },
    },
    async (request) => restoreDefaultLearningAreas(app.db, request.schoolId(), request.params.id),
  );

  app.patch(
    '/cbc/learning_areas/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: updateLearningAreaBody,
        response: { 200: learningAreaSchema },
        tags,
      },
    },
    async (request) =>
      renameLearningArea(app.db, request.schoolId(), request.params.id, request.body.name),
  );

  app.delete(
    '/cbc/learning_areas/:id/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 204: noContent }, tags },
    },
    async (request, reply) => {
      await deleteLearningArea(app.db, request.schoolId(), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/cbc/strands/',
    {
      config: { access: 'staff' },
      schema: { querystring: strandsQuery, response: { 200: strandListResponse }, tags },
    },
    async (request) => listStrands(app.db, request.schoolId(), request.query.learning_area),
  );

  app.post(
    '/cbc/strands/',
    {
      config: { access: 'admin' },
      schema: { body: createStrandBody, response: { 201: strandSchema }, tags },
    },
    async (request, reply) =>
      reply.status(201).send(await createStrand(app.db, request.schoolId(), request.body)),
  );

  app.delete(
    '/cbc/strands/:id/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 204: noContent }, tags },
    },
    async (request, reply) => {
      await deleteStrand(app.db, request.schoolId(), request.params.id);
      return reply.status(204).send();
    },
  );

  const readStrandsFile = async (request: FastifyRequest) =>
    (
      await readCsvUpload(request, {
        maxBytes: MAX_STRAND_IMPORT_BYTES,
        what: 'The file',
        missing: STRAND_IMPORT_MESSAGES.missingFile,
      })
    ).text;

  app.post(
    '/cbc/strands/import/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: strandImportQuery,
        response: {
          200: strandImportPreviewSchema,
          201: strandImportResultSchema,
          400: csvImportRefusedSchema,
        },
        tags,
      },
    },
    async (request, reply) => {
      const text = await readStrandsFile(request);
      if (request.query.preview === 'true') {
        return reply.send(await previewStrandImport(app.db, request.schoolId(), text));
      }
      const outcome = await importStrands(app.db, request.schoolId(), text);
      if ('imported' in outcome) return reply.status(201).send(outcome.imported);
      return reply.status(400).send(refusedImport(outcome.refused, STRAND_IMPORT_MESSAGES));
    },
  );

  // The preview at the path the other imports use, for the import wizard.
  app.post(
    '/cbc/strands/import/preview/',
    {
      config: { access: 'admin' },
      schema: { response: { 200: strandImportPreviewSchema }, tags },
    },
    async (request) =>
      previewStrandImport(app.db, request.schoolId(), await readStrandsFile(request)),
  );
};

export default cbcCurriculumRoutes;
