import {
  cbcSettingsSchema,
  classSummaryQuery,
  classSummaryResponse,
  progressReportsQuery,
  updateCbcSettingsBody,
} from '@shule/shared/cbc-term';
import { idParam } from '@shule/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf } from '../../pdf/answer';
import { attendanceBetween } from '../attendance/index';
import { readThumbnail } from '../uploads/index';
import { renderProgressReportsPdf } from './progress-report-pdf';
import { progressReportInputs } from './report-inputs';
import { getCbcSettings, readTermPicture, summaryOf, updateCbcSettings } from './term-summary';

const idParams = z.object({ id: idParam });
const tags = ['cbc'];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The term's picture of a class: its summary by learning area and the learners' reports. */
const cbcTermRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cbc/settings/',
    { config: { access: 'staff' }, schema: { response: { 200: cbcSettingsSchema }, tags } },
    async (request) => getCbcSettings(app.db, request.schoolId()),
  );

  app.put(
    '/cbc/settings/',
    {
      config: { access: 'admin' },
      schema: { body: updateCbcSettingsBody, response: { 200: cbcSettingsSchema }, tags },
    },
    async (request) => updateCbcSettings(app.db, request.schoolId(), request.body.strand_rule),
  );

  app.get(
    '/cbc/classes/:id/summary/',
    {
      config: { access: 'staff' },
      schema: {
        params: idParams,
        querystring: classSummaryQuery,
        response: { 200: classSummaryResponse },
        tags,
      },
    },
    async (request) =>
      summaryOf(
        await readTermPicture(
          app.db,
          request.user,
          request.schoolId(),
          request.params.id,
          request.query.term,
        ),
      ),
  );

  app.get(
    '/cbc/progress_reports/',
    {
      config: { access: 'staff' },
      schema: {
        querystring: progressReportsQuery,
        response: {
          200: {
            description: 'One A4 progress report (a page or more) per learner, as a PDF',
            content: {
              'application/pdf': {
                schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }),
              },
            },
          },
        },
        tags,
      },
    },
    async (request, reply) => {
      const schoolId = request.schoolId();
      const { class: classId, term, student } = request.query;
      const picture = await readTermPicture(app.db, request.user, schoolId, classId, term, student);
      const learnerIds = picture.learners.map((l) => l.id);
      const [attendance, inputs, crest] = await Promise.all([
        attendanceBetween(
          app.db,
          schoolId,
          learnerIds,
          picture.term.start_date,
          picture.term.end_date,
        ),
        progressReportInputs(app.db, schoolId, picture.term.id, learnerIds),
        readThumbnail(app.config.dataDir, picture.school.logo),
      ]);
      const pdf = await renderProgressReportsPdf({ picture, attendance, inputs, crest });
      const one = student === undefined ? null : picture.learners[0];
      const name = one
        ? `progress-report-${slug(one.admission_number)}-${slug(picture.term.name)}`
        : `progress-reports-${slug(picture.class.name)}-${slug(picture.term.name)}`;
      return sendPdf(reply, pdf, name);
    },
  );
};

export default cbcTermRoutes;
