import { reportsOverviewResponse } from '@shule/shared/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportsOverview } from './service';

/** GET /api/reports/: what the Reports page needs to open each report or say what is missing. */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/',
    {
      config: { access: 'staff' },
      schema: { response: { 200: reportsOverviewResponse }, tags: ['reports'] },
    },
    (request) => reportsOverview(app.db, request.schoolId(), request.user),
  );
};

export default reportRoutes;
