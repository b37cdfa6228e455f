import { teacherDashboardResponse } from '@shule/shared/teacher-dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teacherDashboard } from './service';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/teacher/',
    {
      config: { access: 'staff' },
      schema: { response: { 200: teacherDashboardResponse }, tags: ['dashboard'] },
    },
    async (request) => teacherDashboard(app.db, request.schoolId(), request.user.id),
  );
};

export default dashboardRoutes;
