import type { FastifyPluginAsync } from 'fastify';
import { academicYearRoutes } from './academic-years/index';
import { attendanceRoutes } from './attendance/index';
import { auditRoutes } from './audit/index';
import { accountRoutes, sessionRoutes } from './auth/index';
import { cbcAssessmentRoutes, cbcCurriculumRoutes, cbcTermRoutes } from './cbc/index';
import { classRoutes, promotionRoutes } from './classes/index';
import { dashboardRoutes } from './dashboard/index';
import { examRoutes } from './exams/index';
import {
  feeLedgerRoutes,
  feeReminderRoutes,
  feeReportRoutes,
  feeStructureRoutes,
  sponsorRoutes,
} from './fees/index';
import { gradeRoutes } from './grades/index';
import { levelRoutes } from './levels/index';
import { markEntryRoutes, markHistoryRoutes, scoreRoutes } from './mark-entry/index';
import { deliveryReportRoutes, messageRoutes } from './messages/index';
import { mpesaCallbackRoutes, mpesaRoutes } from './mpesa/index';
import { privacyRoutes } from './privacy/index';
import { reportRoutes } from './reports/index';
import { reportCardRoutes, resultRoutes, resultsSmsRoutes } from './results/index';
import { registrationRoutes, schoolSettingsRoutes } from './schools/index';
import { seniorRoutes } from './senior/index';
import { setupRoutes } from './setup/index';
import { studentImportRoutes, studentRoutes } from './students/index';
import { subjectGradeRoutes } from './subject-grades/index';
import { subjectRoutes } from './subjects/index';
import { staffRoutes, teacherImportRoutes, teacherRoutes } from './teachers/index';
import { teachingRoutes } from './teaching/index';
import { termRoutes } from './terms/index';
import { uploadRoutes } from './uploads/index';

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
  levelRoutes,
  cbcCurriculumRoutes,
  cbcAssessmentRoutes,
  cbcTermRoutes,
  seniorRoutes,
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
  resultsSmsRoutes,
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
