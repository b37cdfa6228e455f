import { noContent } from '@shule/shared/api';
import { idParam } from '@shule/shared/fields';
import { schoolQuery } from '@shule/shared/school-scope';
import {
  createSubjectBody,
  subjectListResponse,
  subjectSchema,
  updateSubjectBody,
} from '@shule/shared/subjects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSubject, deleteSubject, getSubject, listSubjects, updateSubject } from './service';

const idParams = z.object({ id: idParam });

const subjectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/grades/subjects/',
    {
      config: { access: 'staff' },
      schema: {
        querystring: schoolQuery,
        response: { 200: subjectListResponse },
        tags: ['subjects'],
      },
    },
    async (request) => listSubjects(app.db, request.assertOwnSchoolIn(request.query)),
  );

  app.get(
    '/grades/subjects/:id/',
    {
      config: { access: 'staff' },
      schema: { params: idParams, response: { 200: subjectSchema }, tags: ['subjects'] },
    },
    async (request) => getSubject(app.db, request.schoolId(), request.params.id),
  );

  app.post(
    '/grades/subjects/',
    {
      config: { access: 'admin' },
      schema: { body: createSubjectBody, response: { 201: subjectSchema }, tags: ['subjects'] },
    },
    async (request, reply) => {
      const schoolId = request.assertOwnSchool(request.body.school);
      return reply.status(201).send(await createSubject(app.db, schoolId, request.body));
    },
  );

  app.patch(
    '/grades/subjects/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: updateSubjectBody,
        response: { 200: subjectSchema },
        tags: ['subjects'],
      },
    },
    async (request) => updateSubject(app.db, request.schoolId(), request.params.id, request.body),
  );

  app.delete(
    '/grades/subjects/:id/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 204: noContent }, tags: ['subjects'] },
    },
    async (request, reply) => {
      await deleteSubject(app.db, request.schoolId(), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default subjectRoutes;
