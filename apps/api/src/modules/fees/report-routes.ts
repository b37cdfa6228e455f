import {
  analyticsQuery,
  analyticsResponse,
  balancesQuery,
  balancesResponse,
  collectionQuery,
  collectionResponse,
} from '@shule/shared/fee-ledger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analytics, balances, balancesCsv, collection } from './reports';

/**
 * The school's fee reports: GET /api/fees/collection/?term=, GET /api/fees/balances/ (a page,
 * or every row as CSV) and GET /api/fees/analytics/?from=&to=.
 */
const feeReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fees/collection/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: collectionQuery,
        response: { 200: collectionResponse },
        tags: ['fees'],
      },
    },
    (request) => collection(app.db, request.schoolId(), request.query.term),
  );

  app.get(
    '/fees/balances/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: balancesQuery,
        response: {
          200: {
            description: 'Students with their fees, a page as JSON, or every row with format=csv',
            content: {
              'application/json': { schema: balancesResponse },
              'text/csv': {
                schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }),
              },
            },
          },
        },
        tags: ['fees'],
      },
    },
    async (request, reply) => {
      if (request.query.format !== 'csv') {
        return balances(app.db, request.schoolId(), request.query);
      }
      const csv = await balancesCsv(app.db, request.schoolId(), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="fee-balances.csv"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(csv));
    },
  );

  app.get(
    '/fees/analytics/',
    {
      config: { access: 'admin' },
      schema: { querystring: analyticsQuery, response: { 200: analyticsResponse }, tags: ['fees'] },
    },
    (request) => analytics(app.db, request.schoolId(), request.query),
  );
};

export default feeReportRoutes;
