import {
  classConsentsSchema,
  studentConsentsSchema,
  updateClassConsentsBody,
  updateConsentsBody,
} from '@shule/shared/consents';
import { toCsv } from '@shule/shared/csv';
import { idParam } from '@shule/shared/fields';
import {
  dataExportFileName,
  ERASE_MESSAGES,
  eraseStudentBody,
  eraseStudentResponse,
  studentDataExportSchema,
} from '@shule/shared/privacy';
import {
  DATA_EXPORT_CSV_HEADERS,
  dataExportCsvRows,
  dataExportQuery,
  readableDataExport,
} from '@shule/shared/privacy-readable';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf } from '../../pdf/answer';
import { schoolForPrint } from '../schools/index';
import { deleteUpload } from '../uploads/index';
import { consentFormFileName, renderConsentFormPdf } from './consent-form-pdf';
import { classConsents, updateClassConsents, updateConsents } from './consents';
import { eraseStudent } from './erase';
import { exportStudentData } from './export';
import { renderDataExportPdf } from './export-pdf';

const binary = { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) };

const idParams = z.object({ id: idParam });

/** A parent's rights over their child's data: consents, the data export and erasure (admins). */
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = (request: FastifyRequest) => ({
    schoolId: request.schoolId(),
    userId: request.user.id,
    address: request.ip,
  });

  app.patch(
    '/students/:id/consents/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: updateConsentsBody,
        response: { 200: studentConsentsSchema },
        tags: ['privacy'],
      },
    },
    async (request) => updateConsents(app.db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/classes/:id/consents/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        response: { 200: classConsentsSchema },
        tags: ['privacy'],
      },
    },
    async (request) => classConsents(app.db, request.schoolId(), request.params.id),
  );

  app.get(
    '/classes/:id/consents/form/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        response: {
          200: {
            description: "The class's paper SMS consent form, an A4 PDF: a line per parent",
            content: {
              'application/pdf': {
                schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }),
              },
            },
          },
        },
        tags: ['privacy'],
      },
    },
    async (request, reply) => {
      const consents = await classConsents(app.db, request.schoolId(), request.params.id);
      const { school, crest } = await schoolForPrint(
        app.db,
        app.config.dataDir,
        request.schoolId(),
      );
      const pdf = await renderConsentFormPdf(consents, school, { crest });
      return sendPdf(reply, pdf, consentFormFileName(consents.class.name));
    },
  );

  app.put(
    '/classes/:id/consents/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: updateClassConsentsBody,
        response: { 200: classConsentsSchema },
        tags: ['privacy'],
      },
    },
    async (request) =>
      updateClassConsents(app.db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/students/:id/data_export/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        querystring: dataExportQuery,
        response: {
          200: {
            description:
              'Everything held about the child and their parent: the rows as JSON, or with format=pdf a readable A4 document, with format=csv one line per value (section, record, field, value)',
            content: {
              'application/json': { schema: studentDataExportSchema },
              'application/pdf': binary,
              'text/csv': binary,
            },
          },
        },
        tags: ['privacy'],
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const schoolId = request.schoolId();
      const { data, admissionNumber } = await exportStudentData(
        app.db,
        actorOf(request),
        request.params.id,
      );
      reply
        .header(
          'content-disposition',
          `attachment; filename="${dataExportFileName(admissionNumber, format)}"`,
        )
        .header('cache-control', 'no-store');
      if (format === 'json') return reply.send(data);
      const readable = readableDataExport(data);
      if (format === 'csv') {
        const csv = toCsv(DATA_EXPORT_CSV_HEADERS, dataExportCsvRows(readable));
        return reply.type('text/csv; charset=utf-8').send(Buffer.from(csv));
      }
      const { school, crest } = await schoolForPrint(app.db, app.config.dataDir, schoolId);
      const pdf = await renderDataExportPdf(readable, school, { crest });
      return reply.type('application/pdf').send(pdf);
    },
  );

  app.post(
    '/students/:id/erase/',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: eraseStudentBody,
        response: { 200: eraseStudentResponse },
        tags: ['privacy'],
      },
    },
    async (request) => {
      const erased = await eraseStudent(
        app.db,
        actorOf(request),
        request.params.id,
        request.body.confirm,
      );
      // The photo's row and file, once the erasure has committed (decision 012).
      for (const photo of erased.photos) {
        await deleteUpload(app.db, app.config.dataDir, request.schoolId(), photo);
      }
      return { message: ERASE_MESSAGES.erased(erased.admissionNumber) };
    },
  );
};

export default privacyRoutes;
