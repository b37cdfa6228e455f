import { noContent } from '@shule/shared/api';
import {
  csvImportPreviewSchema,
  csvImportRefusedSchema,
  refusedImport,
} from '@shule/shared/csv-import';
import { idParam } from '@shule/shared/fields';
import {
  KJSEA_MESSAGES,
  kjseaImportQuery,
  kjseaImportResultSchema,
  kjseaResultResponse,
  kjseaResultSchema,
  MAX_KJSEA_IMPORT_BYTES,
  MISSING_CHOICES_HEADER,
  putKjseaBody,
} from '@shule/shared/kjsea';
import { seniorLevelQuery } from '@shule/shared/senior';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCsvUpload } from '../../csv-upload';
import { assertMayReadClass, readableClasses } from '../teaching/index';
import { entryListFile } from './entry-list';
import {
  deleteKjsea,
  importKjsea,
  type KjseaActor,
  kjseaStudent,
  previewKjseaImport,
  putKjsea,
  readKjsea,
} from './kjsea';

const tags = ['senior'];
const idParams = z.object({ id: idParam });

const actorOf = (request: FastifyRequest): KjseaActor => ({
  schoolId: request.schoolId(),
  userId: request.user.id,
  address: request.ip,
});

const csvFile = (description: string) => ({
  description,
  content: {
    'text/csv': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) },
  },
});

/** A learner's KJSEA result, its import from a file, and the level's KNEC entry list. */
const kjseaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/students/:id/kjsea/',
    {
      config: { access: 'staff' },
      schema: { params: idParams, response: { 200: kjseaResultResponse }, tags },
    },
    async (request) => {
      const schoolId = request.schoolId();
      const student = await kjseaStudent(app.db, schoolId, request.params.id);
      assertMayReadClass(await readableClasses(app.db, request.user, schoolId), student.classId);
      return readKjsea(app.db, schoolId, student.id);
    },
  );

  app.put(
    '/students/:id/kjsea/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: putKjseaBody,
        response: { 200: kjseaResultSchema },
        tags,
      },
    },
    async (request) => putKjsea(app.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/students/:id/kjsea/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 204: noContent }, tags },
    },
    async (request, reply) => {
      await deleteKjsea(app.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/senior/kjsea/import/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: kjseaImportQuery,
        response: {
          200: csvImportPreviewSchema,
          201: kjseaImportResultSchema,
          400: csvImportRefusedSchema,
        },
        tags,
      },
    },
    async (request, reply) => {
      const { text } = await readCsvUpload(request, {
        maxBytes: MAX_KJSEA_IMPORT_BYTES,
        what: 'The file',
        missing: KJSEA_MESSAGES.missingFile,
      });
      const schoolId = request.schoolId();
      if (request.query.preview) return previewKjseaImport(app.db, schoolId, text);
      const outcome = await importKjsea(app.db, actorOf(request), text);
      if ('imported' in outcome) return reply.status(201).send(outcome);
      return reply.status(400).send(refusedImport(outcome.refused, KJSEA_MESSAGES));
    },
  );

  app.get(
    '/senior/entry_list/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: seniorLevelQuery,
        response: { 200: csvFile("The level's KNEC entry list (docs/entry-list.md)") },
        tags,
      },
    },
    async (request, reply) => {
      const file = await entryListFile(app.db, request.schoolId(), request.query.level);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header(MISSING_CHOICES_HEADER, String(file.missingChoices))
        .send(file.body);
    },
  );
};

export default kjseaRoutes;
