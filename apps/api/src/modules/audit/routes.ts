import { auditLogQuery, auditLogResponse } from '@shule/shared/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAuditLog } from './service';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit_log/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: auditLogQuery,
        response: { 200: auditLogResponse },
        tags: ['audit'],
      },
    },
    async (request) => {
      const { action, ...page } = request.query;
      return listAuditLog(app.db, request.schoolId(), { action }, page);
    },
  );
};

export default auditRoutes;
