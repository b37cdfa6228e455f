import type { FastifyPluginAsync } from 'fastify';
import academicYearRoutes from './academic-years/routes';
import attendanceRoutes from './attendance/routes';
import auditRoutes from './audit/routes';
import { accountRoutes, sessionRoutes } from './auth/routes';
import promotionRoutes from './classes/promotion-routes';
import classRoutes from './classes/routes';
import dashboardRoutes from './dashboard/routes';
import examRoutes from './exams/routes';
import feeLedgerRoutes from './fees/ledger-routes';
import feeReminderRoutes from './fees/reminder-routes';
import feeReportRoutes from './fees/report-routes';
import sponsorRoutes from './fees/sponsor-routes';
import feeStructureRoutes from './fees/structure-routes';
import gradeRoutes from './grades/routes';
import deliveryReportRoutes from './messages/delivery-report-routes';
import messageRoutes from './messages/routes';
import mpesaCallbackRoutes from './mpesa/callback-routes';
import mpesaRoutes from './mpesa/routes';
import privacyRoutes from './privacy/routes';
import reportRoutes from './reports/routes';
import reportCardRoutes from './results/report-card-routes';
import resultRoutes from './results/routes';
import { registrationRoutes, schoolSettingsRoutes } from './schools/routes';
import markHistoryRoutes from './scores/history-routes';
import markEntryRoutes from './scores/mark-entry-routes';
import scoreRoutes from './scores/routes';
import setupRoutes from './setup/routes';
import staffRoutes from './staff/routes';
import teacherImportRoutes from './staff/teacher-import-routes';
import teacherRoutes from './staff/teacher-routes';
import studentImportRoutes from './students/import-routes';
import studentRoutes from './students/routes';
import subjectGradeRoutes from './subject-grades/routes';
import subjectRoutes from './subjects/routes';
import teachingRoutes from './teaching/routes';
import termRoutes from './terms/routes';
import uploadRoutes from './uploads/routes';

/**
 * The API routes anyone may call without a token, listed once. app.ts mounts `publicDomainRoutes`
 * under /api and refuses to start if they add a route missing here.
 */
export const PUBLIC_API_ROUTES: readonly string[] = [
  'POST /api/users/signup/',
  // With SMS configured, a sign-up (and a registration) ends with the code sent to the phone.
  'POST /api/users/signup/confirm/',
  'POST /api/users/login/',
  // A forgotten password: a code by SMS, then the new password with it (one-time-codes.ts).
  'POST /api/users/password_reset/',
  'POST /api/users/password_reset/confirm/',
  'POST /api/token/refresh/',
  'POST /api/users/logout/',
  'POST /api/schools/register_school/',
  'POST /api/schools/register_school/confirm/',
  // The SMS gateway's callback: the secret token in its path is the check.
  'POST /api/sms/delivery_reports/:token',
  // M-Pesa's callbacks (Daraja): the secret token in the path is the check; a Paybill token
  // also names its school. The Paybill's are registered under /paybill/ (Daraja refuses
  // "mpesa" in a C2B URL) and answer at the /mpesa/ paths as well.
  'POST /api/payments/mpesa/stk_callback/:token',
  'POST /api/payments/mpesa/c2b_validation/:token',
  'POST /api/payments/mpesa/c2b_confirmation/:token',
  'POST /api/payments/paybill/validation/:token',
  'POST /api/payments/paybill/confirmation/:token',
];

/** Whether `method url` is public: listed above, the API docs, or outside /api (web app, uploaded photos). */
export function isPublicRoute(method: string, url: string) {
  if (!url.startsWith('/api/')) return true;
  if (url === '/api/docs' || url.startsWith('/api/docs/')) return true;
  return PUBLIC_API_ROUTES.includes(`${method} ${url}`);
}

/** The domains whose routes are all public (PUBLIC_API_ROUTES). */
export const publicDomainRoutes: FastifyPluginAsync[] = [
  sessionRoutes,
  registrationRoutes,
  deliveryReportRoutes,
  mpesaCallbackRoutes,
];

/**
 * Every other domain's routes, mounted under /api in one scope that answers 401 without a valid
 * access token. A new domain adds one line here.
 */
export const protectedDomainRoutes: FastifyPluginAsync[] = [
  accountRoutes,
  schoolSettingsRoutes,
  classRoutes,
  promotionRoutes,
  staffRoutes,
  teacherImportRoutes,
  teacherRoutes,
  teachingRoutes,
  studentRoutes,
  studentImportRoutes,
  gradeRoutes,
  subjectRoutes,
  subjectGradeRoutes,
  academicYearRoutes,
  termRoutes,
  examRoutes,
  scoreRoutes,
  markEntryRoutes,
  markHistoryRoutes,
  resultRoutes,
  reportCardRoutes,
  uploadRoutes,
  auditRoutes,
  privacyRoutes,
  messageRoutes,
  feeStructureRoutes,
  feeReminderRoutes,
  setupRoutes,
  feeLedgerRoutes,
  mpesaRoutes,
  feeReportRoutes,
  sponsorRoutes,
  dashboardRoutes,
  attendanceRoutes,
  reportRoutes,
];
