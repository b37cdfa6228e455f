import {
  sbaCompletenessSchema,
  sbaQuery,
  sbaSettingsBody,
  sbaSettingsSchema,
} from '@shule/shared/sba';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getSbaSettings, saveSbaSettings, sbaExportFile, sbaGradeCompleteness } from './sba';

const tags = ['cbc'];

/**
 * KNEC's school-based assessment: the grade's completeness, its export for the CBA portal and
 * the export's column order. Administrators only: the export carries every learner's
 * Assessment Number, special-needs code and scores, and the column order is the school's.
 */
const cbcSbaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cbc/sba/',
    {
      config: { access: 'admin' },
      schema: { querystring: sbaQuery, response: { 200: sbaCompletenessSchema }, tags },
    },
    async (request) => sbaGradeCompleteness(app.db, request.schoolId(), request.query),
  );

  app.get(
    '/cbc/sba/export/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: sbaQuery,
        response: {
          200: {
            description: "The grade's SBA scores as a CSV, in the school's column order",
            content: {
              'text/csv': {
                schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }),
              },
            },
          },
        },
        tags,
      },
    },
    async (request, reply) => {
      const file = await sbaExportFile(app.db, request.schoolId(), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/cbc/sba/settings/',
    {
      config: { access: 'admin' },
      schema: { response: { 200: sbaSettingsSchema }, tags },
    },
    async (request) => getSbaSettings(app.db, request.schoolId()),
  );

  app.put(
    '/cbc/sba/settings/',
    {
      config: { access: 'admin' },
      schema: { body: sbaSettingsBody, response: { 200: sbaSettingsSchema }, tags },
    },
    async (request) => saveSbaSettings(app.db, request.schoolId(), request.user.id, request.body),
  );
};

export default cbcSbaRoutes;
