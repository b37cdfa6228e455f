import { toCsv } from '@shule/shared/csv';
import {
  csvImportPreviewSchema,
  csvImportRefusedSchema,
  refusedImport,
} from '@shule/shared/csv-import';
import {
  MAX_TEACHER_IMPORT_BYTES,
  TEACHER_CSV_COLUMNS,
  TEACHER_IMPORT_MESSAGES,
  teacherImportResultSchema,
} from '@shule/shared/teacher-import';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCsvUpload } from '../../csv-upload';
import { importTeachers, previewTeacherImport } from './teacher-import-service';

const readTeachersFile = async (request: FastifyRequest) =>
  (
    await readCsvUpload(request, {
      maxBytes: MAX_TEACHER_IMPORT_BYTES,
      what: 'The file',
      missing: TEACHER_IMPORT_MESSAGES.missingFile,
    })
  ).text;

/** The teachers import: the template, a preview of a file, the import with the passwords. */
const teacherImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/teachers/import/template/',
    {
      config: { access: 'admin' },
      schema: { response: { 200: z.string() }, tags: ['staff'] },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="teachers-template.csv"')
        .send(`${toCsv(TEACHER_CSV_COLUMNS, [])}\r\n`),
  );

  app.post(
    '/teachers/import/preview/',
    {
      config: { access: 'admin' },
      schema: { response: { 200: csvImportPreviewSchema }, tags: ['staff'] },
    },
    async (request) =>
      previewTeacherImport(app.db, request.schoolId(), await readTeachersFile(request)),
  );

  app.post(
    '/teachers/import/',
    {
      config: { access: 'admin' },
      schema: {
        response: { 201: teacherImportResultSchema, 400: csvImportRefusedSchema },
        tags: ['staff'],
      },
    },
    async (request, reply) => {
      const text = await readTeachersFile(request);
      const actor = { schoolId: request.schoolId(), userId: request.user.id, address: request.ip };
      const outcome = await importTeachers(app.db, actor, text);
      // No cache anywhere: the answer carries the only copy of the passwords.
      if ('imported' in outcome)
        return reply.status(201).header('cache-control', 'no-store').send(outcome.imported);
      return reply.status(400).send(refusedImport(outcome.refused, TEACHER_IMPORT_MESSAGES));
    },
  );
};

export default teacherImportRoutes;
