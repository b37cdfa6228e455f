import {
  saveStudentMarksBody,
  saveStudentMarksResponse,
  studentsWithGradesQuery,
  studentsWithGradesResponse,
} from '@shule/shared/scores';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTypedJson } from '../../plugins/typed-json';
import { assertMayReadClass, readableClasses } from '../teaching/index';
import { listClassMarks, saveStudentMarks } from './service';

/** Exam scores: admins and teachers both read and enter them. */
const scoreRoutes: FastifyPluginAsyncZod = async (app) => {
  // The path is under /students/ for existing clients, but the list is score entry's business.
  app.get(
    '/students/students_with_grades/',
    {
      config: { access: 'staff' },
      schema: {
        querystring: studentsWithGradesQuery,
        response: { 200: studentsWithGradesResponse },
        tags: ['scores'],
      },
    },
    async (request, reply) => {
      // A teacher reads the marks of the classes they lead or teach, as the students' lists.
      const schoolId = request.schoolId();
      assertMayReadClass(
        await readableClasses(app.db, request.user, schoolId),
        request.query.class,
      );
      return sendTypedJson(
        reply,
        await listClassMarks(app.db, schoolId, request.query.exam, request.query.class),
      );
    },
  );

  app.post(
    '/grades/student_subject_grades/',
    {
      config: { access: 'staff' },
      schema: {
        body: saveStudentMarksBody,
        response: { 200: saveStudentMarksResponse },
        tags: ['scores'],
      },
    },
    async (request) => saveStudentMarks(app.db, request.schoolId(), request.user, request.body),
  );
};

export default scoreRoutes;
