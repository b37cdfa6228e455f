import {
  promotionBody,
  promotionPreviewResponse,
  promotionQuery,
  promotionResponse,
} from '@shule/shared/promotion';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { previewPromotion, promoteLevel } from './promotion';

/** Promotion of a level at the year's end (admin): a preview, then one move. */
const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/classes/promotion/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: promotionQuery,
        response: { 200: promotionPreviewResponse },
        tags: ['classes'],
      },
    },
    async (request) => previewPromotion(app.db, request.schoolId(), request.query.level),
  );

  app.post(
    '/classes/promotion/',
    {
      config: { access: 'admin' },
      schema: { body: promotionBody, response: { 200: promotionResponse }, tags: ['classes'] },
    },
    async (request) =>
      promoteLevel(
        app.db,
        { schoolId: request.schoolId(), userId: request.user.id, address: request.ip },
        request.body,
      ),
  );
};

export default promotionRoutes;
