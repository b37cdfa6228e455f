import { countResponse, noContent } from '@shule/shared/api';
import {
  classesQuery,
  classListResponse,
  classRowSchema,
  createClassBody,
  createClassResponse,
  updateClassBody,
} from '@shule/shared/classes';
import { idParam } from '@shule/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countClasses, createClass, deleteClass, listClasses, updateClass } from './service';

const classParams = z.object({ id: idParam });

const classRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/classes/',
    {
      config: { access: 'staff' },
      schema: {
        querystring: classesQuery,
        response: { 200: z.union([countResponse, classListResponse]) },
        tags: ['classes'],
      },
    },
    async (request) => {
      const schoolId = request.assertOwnSchoolIn(request.query);
      if (request.query.count === 'true') return { count: await countClasses(app.db, schoolId) };
      return { classes: await listClasses(app.db, schoolId) };
    },
  );

  app.post(
    '/classes/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: classesQuery,
        body: createClassBody,
        response: { 201: createClassResponse },
        tags: ['classes'],
      },
    },
    async (request, reply) => {
      const schoolId = request.assertOwnSchoolIn(request.query);
      const created = await createClass(app.db, schoolId, request.body);
      return reply.status(201).send({ class: created });
    },
  );

  app.patch(
    '/classes/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: classParams,
        body: updateClassBody,
        response: { 200: classRowSchema },
        tags: ['classes'],
      },
    },
    async (request) => updateClass(app.db, request.schoolId(), request.params.id, request.body),
  );

  app.delete(
    '/classes/:id/',
    {
      config: { access: 'admin' },
      schema: { params: classParams, response: { 204: noContent }, tags: ['classes'] },
    },
    async (request, reply) => {
      await deleteClass(app.db, request.schoolId(), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default classRoutes;
