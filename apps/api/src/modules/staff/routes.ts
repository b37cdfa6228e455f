import { schoolQuery } from '@shule/shared/school-scope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countTeachers } from './service';

const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/staff/count/',
    { schema: { querystring: schoolQuery, tags: ['staff'] } },
    async (request) =>
      countTeachers(
        app.db,
        request.assertOwnSchool(request.query.school_id ?? request.query.school),
      ),
  );
};

export default staffRoutes;
