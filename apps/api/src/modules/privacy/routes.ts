import { studentConsentsSchema, updateConsentsBody } from '@shule/shared/consents';
import { idParam } from '@shule/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateConsents } from './consents';

const idParams = z.object({ id: idParam });

/** A parent's rights over their child's data: consents, the data export and erasure (admins). */
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');

  app.patch(
    '/students/:id/consents/',
    {
      preHandler: admin,
      schema: {
        params: idParams,
        body: updateConsentsBody,
        response: { 200: studentConsentsSchema },
        tags: ['privacy'],
      },
    },
    async (request) => {
      const actor = { schoolId: request.schoolId(), userId: request.user.id, address: request.ip };
      return updateConsents(app.db, actor, request.params.id, request.body);
    },
  );
};

export default privacyRoutes;
