import { toCsv } from '@shule/shared/csv';
import {
  csvImportPreviewSchema,
  csvImportRefusedSchema,
  refusedImport,
} from '@shule/shared/csv-import';
import { STUDENT_CSV_COLUMNS } from '@shule/shared/student-columns';
import {
  MAX_IMPORT_BYTES,
  STUDENT_IMPORT_MESSAGES,
  studentImportResultSchema,
} from '@shule/shared/student-import';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCsvUpload } from '../../csv-upload';
import { importStudents, previewStudentImport } from './import-service';

const readStudentsFile = async (request: FastifyRequest) =>
  (
    await readCsvUpload(request, {
      maxBytes: MAX_IMPORT_BYTES,
      what: 'The file',
      missing: STUDENT_IMPORT_MESSAGES.missingFile,
    })
  ).text;

/** The students import (decision 021): the template, a preview of a file, the import itself. */
const studentImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/students/import/template/',
    {
      config: { access: 'admin' },
      schema: { response: { 200: z.string() }, tags: ['students'] },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="students-template.csv"')
        .send(`${toCsv(STUDENT_CSV_COLUMNS, [])}\r\n`),
  );

  app.post(
    '/students/import/preview/',
    {
      config: { access: 'admin' },
      schema: { response: { 200: csvImportPreviewSchema }, tags: ['students'] },
    },
    async (request) =>
      previewStudentImport(app.db, request.schoolId(), await readStudentsFile(request)),
  );

  app.post(
    '/students/import/',
    {
      config: { access: 'admin' },
      schema: {
        response: { 201: studentImportResultSchema, 400: csvImportRefusedSchema },
        tags: ['students'],
      },
    },
    async (request, reply) => {
      const text = await readStudentsFile(request);
      const actor = { schoolId: request.schoolId(), userId: request.user.id, address: request.ip };
      const outcome = await importStudents(app.db, actor, text);
      if ('imported' in outcome) return reply.status(201).send(outcome.imported);
      return reply.status(400).send(refusedImport(outcome.refused, STUDENT_IMPORT_MESSAGES));
    },
  );
};

export default studentImportRoutes;
