import {
  academicYearListResponse,
  academicYearSchema,
  createAcademicYearBody,
  updateAcademicYearBody,
} from '@shule/shared/academic-years';
import { noContent } from '@shule/shared/api';
import { idParam } from '@shule/shared/fields';
import { schoolQuery } from '@shule/shared/school-scope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createAcademicYear,
  deleteAcademicYear,
  listAcademicYears,
  updateAcademicYear,
} from './service';

const idParams = z.object({ id: idParam });

const academicYearRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fees/academic_years/',
    {
      config: { access: 'staff' },
      schema: {
        querystring: schoolQuery,
        response: { 200: academicYearListResponse },
        tags: ['academic years'],
      },
    },
    async (request) => listAcademicYears(app.db, request.assertOwnSchoolIn(request.query)),
  );

  app.post(
    '/fees/academic_years/',
    {
      config: { access: 'admin' },
      schema: {
        body: createAcademicYearBody,
        response: { 201: academicYearSchema },
        tags: ['academic years'],
      },
    },
    async (request, reply) => {
      const schoolId = request.assertOwnSchool(request.body.school);
      return reply.status(201).send(await createAcademicYear(app.db, schoolId, request.body));
    },
  );

  app.patch(
    '/fees/academic_years/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: updateAcademicYearBody,
        response: { 200: academicYearSchema },
        tags: ['academic years'],
      },
    },
    async (request) =>
      updateAcademicYear(app.db, request.schoolId(), request.params.id, request.body),
  );

  app.delete(
    '/fees/academic_years/:id/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 204: noContent }, tags: ['academic years'] },
    },
    async (request, reply) => {
      await deleteAcademicYear(app.db, request.schoolId(), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default academicYearRoutes;
