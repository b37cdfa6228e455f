import { schoolQuery } from '@shule/shared/school-scope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countStudentsByGender } from './service';

const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/students/count/',
    { schema: { querystring: schoolQuery, tags: ['students'] } },
    async (request) =>
      countStudentsByGender(
        app.db,
        request.assertOwnSchool(request.query.school_id ?? request.query.school),
      ),
  );
};

export default studentRoutes;
