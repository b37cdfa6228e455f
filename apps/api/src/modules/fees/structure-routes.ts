import { noContent } from '@shule/shared/api';
import {
  applyStructureParams,
  applyStructurePreviewResponse,
  applyStructureResponse,
  createFeeCategoryBody,
  feeCategoryListResponse,
  feeCategorySchema,
  feeStructureQuery,
  feeStructureResponse,
  putFeeStructureBody,
  updateFeeCategoryBody,
} from '@shule/shared/fee-structures';
import { idParam } from '@shule/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories';
import { applyStructure, getStructure, previewApplyStructure, putStructure } from './structures';

const idParams = z.object({ id: idParam });

/**
 * Fee categories and a term's fee structure:
 * GET/POST /api/fees/categories/, PATCH/DELETE /api/fees/categories/{id}/,
 * GET/PUT /api/fees/structures/, POST /api/fees/structures/{term}/apply/ and its preview,
 * GET /api/fees/structures/{term}/apply/preview/.
 */
const feeStructureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fees/categories/',
    {
      config: { access: 'admin' },
      schema: { response: { 200: feeCategoryListResponse }, tags: ['fees'] },
    },
    async (request) => ({ categories: await listCategories(app.db, request.schoolId()) }),
  );

  app.post(
    '/fees/categories/',
    {
      config: { access: 'admin' },
      schema: { body: createFeeCategoryBody, response: { 201: feeCategorySchema }, tags: ['fees'] },
    },
    async (request, reply) =>
      reply.status(201).send(await createCategory(app.db, request.schoolId(), request.body)),
  );

  app.patch(
    '/fees/categories/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: updateFeeCategoryBody,
        response: { 200: feeCategorySchema },
        tags: ['fees'],
      },
    },
    (request) => updateCategory(app.db, request.schoolId(), request.params.id, request.body),
  );

  app.delete(
    '/fees/categories/:id/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 204: noContent }, tags: ['fees'] },
    },
    async (request, reply) => {
      await deleteCategory(app.db, request.schoolId(), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/fees/structures/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: feeStructureQuery,
        response: { 200: feeStructureResponse },
        tags: ['fees'],
      },
    },
    (request) => getStructure(app.db, request.schoolId(), request.query.term),
  );

  app.put(
    '/fees/structures/',
    {
      config: { access: 'admin' },
      schema: {
        body: putFeeStructureBody,
        response: { 200: feeStructureResponse },
        tags: ['fees'],
      },
    },
    (request) => putStructure(app.db, request.schoolId(), request.body),
  );

  // What billing would do, charging nothing: the confirmation names it before the admin says yes.
  app.get(
    '/fees/structures/:term/apply/preview/',
    {
      config: { access: 'admin' },
      schema: {
        params: applyStructureParams,
        response: { 200: applyStructurePreviewResponse },
        tags: ['fees'],
      },
    },
    (request) => previewApplyStructure(app.db, request.schoolId(), request.params.term),
  );

  app.post(
    '/fees/structures/:term/apply/',
    {
      config: { access: 'admin' },
      schema: {
        params: applyStructureParams,
        response: { 200: applyStructureResponse },
        tags: ['fees'],
      },
    },
    (request) => applyStructure(app.db, request.schoolId(), request.params.term, request.user.id),
  );
};

export default feeStructureRoutes;
