import {
  resetPasswordResponse,
  teacherParams,
  teacherRowSchema,
  updateTeacherBody,
} from '@shule/shared/teachers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signPhotos } from '../uploads/index';
import { activateTeacher, deactivateTeacher, resetTeacherPassword, updateTeacher } from './service';

/**
 * Changing a teacher over time: edit, deactivate (a teacher who left) and activate again, and
 * a new one-time password for one who lost theirs.
 */
const teacherRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = (request: { user: { id: number }; ip: string }) => ({
    userId: request.user.id,
    address: request.ip,
  });
  const withSignedPhoto = <T extends { user: { profile_photo: string | null } }>(teacher: T) => {
    signPhotos(app.photoUrls, [teacher.user]);
    return teacher;
  };

  app.patch(
    '/staff/teachers/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: teacherParams,
        body: updateTeacherBody,
        response: { 200: teacherRowSchema },
        tags: ['staff'],
      },
    },
    async (request) =>
      withSignedPhoto(
        await updateTeacher(
          app.db,
          request.schoolId(),
          request.params.id,
          request.body,
          actorOf(request),
        ),
      ),
  );

  app.post(
    '/staff/teachers/:id/deactivate/',
    {
      config: { access: 'admin' },
      schema: { params: teacherParams, response: { 200: teacherRowSchema }, tags: ['staff'] },
    },
    async (request) =>
      withSignedPhoto(
        await deactivateTeacher(app.db, request.schoolId(), request.params.id, actorOf(request)),
      ),
  );

  app.post(
    '/staff/teachers/:id/activate/',
    {
      config: { access: 'admin' },
      schema: { params: teacherParams, response: { 200: teacherRowSchema }, tags: ['staff'] },
    },
    async (request) =>
      withSignedPhoto(
        await activateTeacher(app.db, request.schoolId(), request.params.id, actorOf(request)),
      ),
  );

  app.post(
    '/staff/teachers/:id/reset_password/',
    {
      config: { access: 'admin' },
      schema: { params: teacherParams, response: { 200: resetPasswordResponse }, tags: ['staff'] },
    },
    async (request, reply) => {
      const reset = await resetTeacherPassword(
        app.db,
        request.schoolId(),
        request.params.id,
        actorOf(request),
      );
      // The password exists only in this answer: no cache may keep it.
      return reply.header('cache-control', 'no-store').send(reset);
    },
  );
};

export default teacherRoutes;
