import { idParam } from '@shule/shared/fields';
import { levelListResponse, levelSchema, levelsQuery, updateLevelBody } from '@shule/shared/levels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listLevels, updateLevel } from './service';

const idParams = z.object({ id: idParam });

const levelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/levels/',
    {
      config: { access: 'staff' },
      schema: { querystring: levelsQuery, response: { 200: levelListResponse }, tags: ['levels'] },
    },
    async (request) => listLevels(app.db, request.assertOwnSchoolIn(request.query)),
  );

  app.patch(
    '/levels/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: updateLevelBody,
        response: { 200: levelSchema },
        tags: ['levels'],
      },
    },
    async (request) => updateLevel(app.db, request.schoolId(), request.params.id, request.body),
  );
};

export default levelRoutes;
