import { noContent } from '@shule/shared/api';
import { seniorLevelQuery } from '@shule/shared/senior';
import {
  groupDetailSchema,
  groupIdParams,
  groupListResponse,
  updateGroupBody,
} from '@shule/shared/senior-groups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteGroup, generateGroups, listGroups, readGroup, updateGroup } from './groups';

const tags = ['senior'];

/**
 * Teaching groups across streams: an admin generates and edits them; staff read them all, each
 * marked `mine` for the teacher who teaches it.
 */
const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/senior/groups/generate/',
    {
      config: { access: 'admin' },
      schema: { querystring: seniorLevelQuery, response: { 200: groupListResponse }, tags },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        await generateGroups(tx, request.schoolId(), request.query.level);
        return {
          groups: await listGroups(tx, request.schoolId(), request.user.id, {
            level: request.query.level,
          }),
        };
      }),
  );

  app.get(
    '/senior/groups/',
    {
      config: { access: 'staff' },
      schema: {
        querystring: seniorLevelQuery.partial(),
        response: { 200: groupListResponse },
        tags,
      },
    },
    async (request) => ({
      groups: await listGroups(app.db, request.schoolId(), request.user.id, {
        level: request.query.level,
      }),
    }),
  );

  app.get(
    '/senior/groups/:id/',
    {
      config: { access: 'staff' },
      schema: { params: groupIdParams, response: { 200: groupDetailSchema }, tags },
    },
    async (request) => readGroup(app.db, request.schoolId(), request.user.id, request.params.id),
  );

  app.patch(
    '/senior/groups/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: groupIdParams,
        body: updateGroupBody,
        response: { 200: groupDetailSchema },
        tags,
      },
    },
    async (request) => {
      await updateGroup(app.db, request.schoolId(), request.params.id, request.body);
      return readGroup(app.db, request.schoolId(), request.user.id, request.params.id);
    },
  );

  app.delete(
    '/senior/groups/:id/',
    {
      config: { access: 'admin' },
      schema: { params: groupIdParams, response: { 204: noContent }, tags },
    },
    async (request, reply) => {
      await deleteGroup(app.db, request.schoolId(), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default groupRoutes;
