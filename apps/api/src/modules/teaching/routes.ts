import { noContent } from '@shule/shared/api';
import { idParam } from '@shule/shared/fields';
import {
  assignmentListResponse,
  assignmentSchema,
  assignTeachingBody,
  learningAreaAssignmentSchema,
  teacherAssignmentParams,
  teacherAssignmentsParams,
} from '@shule/shared/teaching';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignTeaching,
  endAssignment,
  listClassAssignments,
  listTeacherAssignments,
} from './service';

/** Who teaches which subject to which class. */
const teachingRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = (request: { user: { id: number }; ip: string }) => ({
    userId: request.user.id,
    address: request.ip,
  });

  app.get(
    '/staff/teachers/:id/assignments/',
    {
      config: { access: 'staff' },
      schema: {
        params: teacherAssignmentsParams,
        response: { 200: assignmentListResponse },
        tags: ['teaching'],
      },
    },
    async (request) => listTeacherAssignments(app.db, request.schoolId(), request.params.id),
  );

  app.post(
    '/staff/teachers/:id/assignments/',
    {
      config: { access: 'admin' },
      schema: {
        params: teacherAssignmentsParams,
        body: assignTeachingBody,
        response: { 201: z.union([assignmentSchema, learningAreaAssignmentSchema]) },
        tags: ['teaching'],
      },
    },
    async (request, reply) => {
      const created = await assignTeaching(
        app.db,
        request.schoolId(),
        request.params.id,
        request.body,
        actorOf(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/staff/teachers/:id/assignments/:assignment/',
    {
      config: { access: 'admin' },
      schema: {
        params: teacherAssignmentParams,
        response: { 204: noContent },
        tags: ['teaching'],
      },
    },
    async (request, reply) => {
      const { id, assignment } = request.params;
      await endAssignment(app.db, request.schoolId(), id, assignment, actorOf(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/classes/:id/assignments/',
    {
      config: { access: 'staff' },
      schema: {
        params: z.object({ id: idParam }),
        response: { 200: assignmentListResponse },
        tags: ['teaching'],
      },
    },
    async (request) => listClassAssignments(app.db, request.schoolId(), request.params.id),
  );
};

export default teachingRoutes;
