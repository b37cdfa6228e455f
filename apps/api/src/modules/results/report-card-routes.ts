import { examIdParams } from '@shule/shared/results/merit-list';
import {
  type ReportCard,
  reportCardsQuery,
  reportCardsResponse,
  reportRemarksParams,
  reportRemarksResponse,
  updateReportRemarksBody,
} from '@shule/shared/results/report-cards';
import {
  studentResultsParams,
  studentResultsResponse,
} from '@shule/shared/results/student-results';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors';
import { jsonOrPdfAnswer, sendPdf } from '../../pdf/answer';
import { maySeeMoney } from '../fees/index';
import { classOfStudent } from './queries';
import { reportCards, saveReportRemarks } from './report-cards';
import { renderReportCardsPdf } from './report-cards-pdf';
import { assertMaySeeResults } from './service';
import { studentResults } from './student-results';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The PDF's name: the class's forms, or one student's. */
const pdfName = (first: ReportCard, wholeClass: boolean) =>
  wholeClass
    ? `report-forms-${slug(first.student.class.name)}-${slug(first.exam.name)}`
    : `report-form-${slug(first.student.admission_number)}-${slug(first.exam.name)}`;

/** Report forms: what parents are given, made for staff to print and hand out. */
const reportCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/exams/:id/report_cards/',
    {
      config: { access: 'staff' },
      schema: {
        params: examIdParams,
        querystring: reportCardsQuery,
        response: {
          200: jsonOrPdfAnswer(
            'One A4 report form per student as a PDF (the default), or as JSON',
            reportCardsResponse,
          ),
        },
        tags: ['results'],
      },
    },
    async (request, reply) => {
      const { class: classId, student, format = 'pdf' } = request.query;
      await assertMaySeeResults(app.db, request, { classId });
      const cards = await reportCards(
        app.db,
        request.schoolId(),
        request.params.id,
        classId,
        student,
        { withFees: maySeeMoney(request.user) },
      );
      if (format === 'json') {
        for (const card of cards) {
          card.student.photo = app.photoUrls.sign(card.student.photo);
          card.school.logo = app.photoUrls.sign(card.school.logo);
        }
        return { report_cards: cards };
      }
      const first = cards[0];
      if (!first) throw new DomainError('No student of this class has marks in this exam', 404);
      const pdf = await renderReportCardsPdf(cards, { dataDir: app.config.dataDir });
      return sendPdf(reply, pdf, pdfName(first, student === undefined));
    },
  );

  app.put(
    '/exams/:id/report_cards/:student/remarks/',
    {
      config: { access: 'staff' },
      schema: {
        params: reportRemarksParams,
        body: updateReportRemarksBody,
        response: { 200: reportRemarksResponse },
        tags: ['results'],
      },
    },
    async (request) => {
      const { id: examId, student } = request.params;
      const classId = await classOfStudent(app.db, request.schoolId(), examId, student);
      await assertMaySeeResults(app.db, request, { classId });
      return saveReportRemarks(app.db, request.schoolId(), examId, student, classId, request.body);
    },
  );

  app.get(
    '/students/:id/results/',
    {
      config: { access: 'staff' },
      schema: {
        params: studentResultsParams,
        response: {
          200: studentResultsResponse.describe(
            'The exams the student has marks in, newest first, each with the class whose report form is theirs',
          ),
        },
        tags: ['results'],
      },
    },
    (request) => studentResults(app.db, request, request.params.id),
  );
};

export default reportCardRoutes;
