import { idParam } from '@shule/shared/fields';
import { schoolQuery } from '@shule/shared/school-scope';
import {
  admitStudentBody,
  admitStudentResponse,
  getStudentsParams,
  leaveStudentBody,
  studentCountsResponse,
  studentDetailSchema,
  studentListQuery,
  studentListResponse,
  studentPhotoBody,
  studentsFileQuery,
  updateStudentBody,
} from '@shule/shared/students';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendTypedJson } from '../../plugins/typed-json';
import { assertMayReadClass, readableClasses } from '../teaching/index';
import { signPhotos } from '../uploads/index';
import { leaveSchool, rejoinSchool, type StudentActor, updateStudent } from './edit';
import { studentsFile } from './export-file';
import { replaceStudentPhoto } from './photo';
import { getStudentDetail } from './results-details';
import { admitStudent, countStudentsByGender, listStudentsPage } from './service';

const idParams = z.object({ id: idParam });

const actorOf = (request: FastifyRequest): StudentActor => ({
  schoolId: request.schoolId(),
  userId: request.user.id,
  address: request.ip,
});

const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/students/count/',
    {
      config: { access: 'staff' },
      schema: {
        querystring: schoolQuery,
        response: { 200: studentCountsResponse },
        tags: ['students'],
      },
    },
    async (request) => countStudentsByGender(app.db, request.assertOwnSchoolIn(request.query)),
  );

  // The path starts /classes for existing clients, but admitting a student is this module's business.
  app.post(
    '/classes/:id/add_student/',
    {
      config: { idempotent: true, access: 'admin' },
      schema: {
        params: idParams,
        body: admitStudentBody,
        response: { 201: admitStudentResponse },
        tags: ['students'],
      },
    },
    async (request, reply) => {
      const { id: classId } = request.params;
      const admission = await admitStudent(
        app.db,
        request.schoolId(),
        classId,
        request.body,
        request.user.id,
      );
      admission.student.profile_photo = app.photoUrls.sign(admission.student.profile_photo);
      return reply.status(201).send(admission);
    },
  );

  app.get(
    '/students/get_students/:class/:school/',
    {
      config: { access: 'staff' },
      schema: {
        params: getStudentsParams,
        querystring: studentListQuery,
        response: { 200: studentListResponse },
        tags: ['students'],
      },
    },
    async (request, reply) => {
      const schoolId = request.assertOwnSchool(request.params.school);
      const { search, status, ...page } = request.query;
      const classIds = await readableClasses(app.db, request.user, schoolId);
      if (request.params.class !== 0) assertMayReadClass(classIds, request.params.class);
      const filter = { classId: request.params.class, search, status, classIds };
      const answer = await listStudentsPage(app.db, schoolId, filter, page);
      signPhotos(app.photoUrls, answer.students);
      return sendTypedJson(reply, answer);
    },
  );

  app.get(
    '/students/export/',
    {
      // The learner record (medical conditions, parents' ID numbers) of the whole school.
      config: { access: 'admin' },
      schema: {
        querystring: studentsFileQuery,
        response: {
          200: {
            description: 'The students of the filter as a CSV file (format=csv or nemis)',
            content: {
              'text/csv': {
                schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }),
              },
            },
          },
        },
        tags: ['students'],
      },
    },
    async (request, reply) => {
      const { format, class: classId, search, status } = request.query;
      const file = await studentsFile(app.db, request.schoolId(), format, {
        classId,
        search,
        status,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/students/:id/',
    {
      config: { access: 'staff' },
      schema: { params: idParams, response: { 200: studentDetailSchema }, tags: ['students'] },
    },
    async (request) => {
      const schoolId = request.schoolId();
      const student = await getStudentDetail(app.db, schoolId, request.params.id);
      assertMayReadClass(await readableClasses(app.db, request.user, schoolId), student._class.id);
      return signPhotos(app.photoUrls, [student])[0];
    },
  );

  app.patch(
    '/students/:id/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: updateStudentBody,
        response: { 200: studentDetailSchema },
        tags: ['students'],
      },
    },
    async (request) => {
      const student = await updateStudent(
        app.db,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return signPhotos(app.photoUrls, [student])[0];
    },
  );

  app.post(
    '/students/:id/leave/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: leaveStudentBody,
        response: { 200: studentDetailSchema },
        tags: ['students'],
      },
    },
    async (request) => {
      const student = await leaveSchool(app.db, actorOf(request), request.params.id, request.body);
      return signPhotos(app.photoUrls, [student])[0];
    },
  );

  app.post(
    '/students/:id/rejoin/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 200: studentDetailSchema }, tags: ['students'] },
    },
    async (request) => {
      const student = await rejoinSchool(app.db, actorOf(request), request.params.id);
      return signPhotos(app.photoUrls, [student])[0];
    },
  );

  app.put(
    '/students/:id/photo/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: studentPhotoBody,
        response: { 200: studentDetailSchema },
        tags: ['students'],
      },
    },
    async (request) => {
      const { id } = request.params;
      const where = { schoolId: request.schoolId(), dataDir: app.config.dataDir };
      const student = await replaceStudentPhoto(app.db, where, id, request.body.profile_photo);
      return signPhotos(app.photoUrls, [student])[0];
    },
  );
};

export default studentRoutes;
