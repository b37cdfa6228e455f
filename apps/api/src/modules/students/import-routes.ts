import { toCsv } from '@shule/shared/csv';
import { csvImportRefusedSchema, refusedImport } from '@shule/shared/csv-import';
import { FULL_NAME_MESSAGES } from '@shule/shared/full-name';
import { STUDENT_CSV_COLUMNS } from '@shule/shared/student-columns';
import {
  MAX_IMPORT_BYTES,
  STUDENT_IMPORT_MESSAGES,
  studentImportOptionsSchema,
  studentImportPreviewSchema,
  studentImportResultSchema,
} from '@shule/shared/student-import';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCsvUpload } from '../../csv-upload';
import { invalid } from '../../errors';
import { importStudents, previewStudentImport } from './import-service';

/** The form: the file `file`, and `name_order` (how a whole-name column is split). */
async function readStudentsFile(request: FastifyRequest) {
  const { text, fields } = await readCsvUpload(request, {
    maxBytes: MAX_IMPORT_BYTES,
    what: 'The file',
    missing: STUDENT_IMPORT_MESSAGES.missingFile,
  });
  const options = studentImportOptionsSchema.safeParse(fields);
  if (!options.success) throw invalid('name_order', FULL_NAME_MESSAGES.nameOrder);
  return { text, nameOrder: options.data.name_order };
}

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
      schema: { response: { 200: studentImportPreviewSchema }, tags: ['students'] },
    },
    async (request) => {
      const { text, nameOrder } = await readStudentsFile(request);
      return previewStudentImport(app.db, request.schoolId(), text, nameOrder);
    },
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
      const { text, nameOrder } = await readStudentsFile(request);
      const actor = { schoolId: request.schoolId(), userId: request.user.id, address: request.ip };
      const outcome = await importStudents(app.db, actor, text, nameOrder);
      if ('imported' in outcome) return reply.status(201).send(outcome.imported);
      return reply.status(400).send(refusedImport(outcome.refused, STUDENT_IMPORT_MESSAGES));
    },
  );
};

export default studentImportRoutes;
