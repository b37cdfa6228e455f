import {
  absentStudentsResponse,
  attendanceDateQuery,
  attendanceIdParams,
  attendanceSummaryResponse,
  registerBody,
  registerResponse,
  studentAttendanceResponse,
} from '@shule/shared/attendance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRegister, saveRegister } from './register';
import { absentStudents, attendanceSummary, studentAttendance } from './reports';

/**
 * Daily registers (decision 020): any staff member reads them; the class teacher or an admin
 * takes one (checked in the service, 403 naming the class).
 */
const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/classes/:id/register/',
    {
      config: { access: 'staff' },
      schema: {
        params: attendanceIdParams,
        querystring: attendanceDateQuery,
        response: { 200: registerResponse },
        tags: ['attendance'],
      },
    },
    (request) =>
      getRegister(app.db, request.user, {
        schoolId: request.schoolId(),
        classId: request.params.id,
        date: request.query.date,
      }),
  );

  app.put(
    '/classes/:id/register/',
    {
      config: { access: 'staff' },
      schema: {
        params: attendanceIdParams,
        querystring: attendanceDateQuery,
        body: registerBody,
        response: { 200: registerResponse },
        tags: ['attendance'],
      },
    },
    (request) =>
      saveRegister(
        app.db,
        { user: request.user, address: request.ip },
        app.config.sms,
        { schoolId: request.schoolId(), classId: request.params.id, date: request.query.date },
        request.body,
      ),
  );

  app.get(
    '/attendance/summary/',
    {
      config: { access: 'staff' },
      schema: {
        querystring: attendanceDateQuery,
        response: { 200: attendanceSummaryResponse },
        tags: ['attendance'],
      },
    },
    (request) => attendanceSummary(app.db, request.schoolId(), request.query.date),
  );

  app.get(
    '/attendance/absent/',
    {
      config: { access: 'staff' },
      schema: {
        querystring: attendanceDateQuery,
        response: { 200: absentStudentsResponse },
        tags: ['attendance'],
      },
    },
    (request) => absentStudents(app.db, request.user, request.schoolId(), request.query.date),
  );

  app.get(
    '/students/:id/attendance/',
    {
      config: { access: 'staff' },
      schema: {
        params: attendanceIdParams,
        response: { 200: studentAttendanceResponse },
        tags: ['attendance'],
      },
    },
    (request) => studentAttendance(app.db, request.schoolId(), request.params.id),
  );
};

export default attendanceRoutes;
