import type { ComponentType } from 'react';

/**
 * A screen of the app: its path and how its code is fetched. The router builds its routes from
 * these lists, and the page's first script (boot.ts) uses them to fetch the opened screen's code
 * alongside the app's own rather than a round trip after it; so this module stays free of React
 * and of every screen's code.
 */
export interface Screen {
  path: string;
  load: () => Promise<ComponentType>;
}

/** Open without signing in. */
export const PUBLIC_SCREENS: Screen[] = [
  { path: '/', load: async () => (await import('../features/landing/landing-page')).LandingPage },
  { path: '/login', load: async () => (await import('../features/auth/login-page')).LoginPage },
  { path: '/signup', load: async () => (await import('../features/auth/signup-page')).SignupPage },
  {
    path: '/forgot_password',
    load: async () => (await import('../features/auth/forgot-password-page')).ForgotPasswordPage,
  },
  {
    path: '/register_institution',
    load: async () =>
      (await import('../features/schools/register-institution-page')).RegisterInstitutionPage,
  },
];

/** Behind sign-in, inside the shell that signed-in-app.tsx brings with the query client. */
export const SIGNED_IN_SCREENS: Screen[] = [
  {
    path: '/dashboard',
    load: async () => (await import('../features/dashboard/dashboard-page')).DashboardPage,
  },
  {
    path: '/help',
    load: async () => (await import('../features/help/help-page')).HelpPage,
  },
  {
    path: '/settings',
    load: async () => (await import('../features/schools/school-profile-page')).SchoolProfilePage,
  },
  {
    path: '/account',
    load: async () => (await import('../features/auth/account-page')).AccountPage,
  },
  {
    path: '/teachers',
    load: async () => (await import('../features/teachers/teachers-page')).TeachersPage,
  },
  {
    path: '/teachers/import',
    load: async () =>
      (await import('../features/teacher-import/teacher-import-page')).TeacherImportPage,
  },
  {
    path: '/students',
    load: async () => (await import('../features/students/students-page')).StudentsPage,
  },
  {
    path: '/students/import',
    load: async () =>
      (await import('../features/student-import/student-import-page')).StudentImportPage,
  },
  {
    path: '/students/consents',
    load: async () => (await import('../features/privacy/class-consents-page')).ClassConsentsPage,
  },
  {
    path: '/students/:id',
    load: async () => (await import('./student-profile-route')).StudentProfileRoute,
  },
  {
    path: '/classes',
    load: async () => (await import('../features/classes/classes-page')).ClassesPage,
  },
  {
    path: '/attendance',
    load: async () => (await import('../features/attendance/register-page')).RegisterPage,
  },
  {
    path: '/levels/:id',
    load: async () => (await import('../features/cbc/learning-areas-page')).LearningAreasPage,
  },
  {
    path: '/levels/:id/strands/import',
    load: async () => (await import('../features/cbc/strand-import-page')).StrandImportPage,
  },
  {
    path: '/assessments',
    load: async () => (await import('../features/cbc/assessments-page')).AssessmentsPage,
  },
  {
    path: '/assessments/:id',
    load: async () => (await import('../features/cbc/level-entry-page')).LevelEntryPage,
  },
  {
    path: '/senior/kjsea',
    load: async () => (await import('../features/senior/kjsea-import-page')).KjseaImportPage,
  },
  {
    path: '/sba',
    load: async () => (await import('../features/cbc/sba-page')).SbaPage,
  },
  {
    path: '/cbc/classes/:id/summary',
    load: async () => (await import('../features/cbc/class-summary-page')).ClassSummaryPage,
  },
  {
    path: '/levels/:id/comments',
    load: async () => (await import('../features/cbc/comments-page')).CommentsPage,
  },
  {
    path: '/classes/:id/subjects',
    load: async () => (await import('../features/senior/stream-subjects-page')).StreamSubjectsPage,
  },
  {
    path: '/senior/choices/import',
    load: async () =>
      (await import('../features/senior/learner-subjects-import-page')).LearnerSubjectsImportPage,
  },
  {
    path: '/classes/:id/report-inputs',
    load: async () => (await import('../features/cbc/report-inputs-page')).ReportInputsPage,
  },
  {
    path: '/comment-bank',
    load: async () => (await import('../features/cbc/comment-bank-page')).CommentBankPage,
  },
  {
    path: '/senior',
    load: async () => (await import('../features/senior/senior-page')).SeniorPage,
  },
  {
    path: '/teaching-groups',
    load: async () => (await import('../features/senior/teaching-groups-page')).TeachingGroupsPage,
  },
  {
    path: '/promotion',
    load: async () => (await import('../features/promotion/promotion-page')).PromotionPage,
  },
  {
    path: '/subjects',
    load: async () => (await import('../features/subjects/subjects-page')).SubjectsPage,
  },
  {
    path: '/subjects/:id',
    load: async () => (await import('../features/subjects/subject-bands-page')).SubjectBandsPage,
  },
  { path: '/exams', load: async () => (await import('../features/exams/exams-page')).ExamsPage },
  { path: '/exams/:id', load: async () => (await import('./exam-grading-route')).ExamGradingRoute },
  {
    path: '/exams/:id/marks',
    load: async () => (await import('../features/mark-entry/mark-entry-page')).MarkEntryPage,
  },
  {
    path: '/exams/:id/report/:studentId',
    load: async () => (await import('../features/results/report-form-page')).ReportFormPage,
  },
  {
    path: '/exams/:id/merit-list',
    load: async () => (await import('../features/results/merit-list-page')).MeritListPage,
  },
  {
    path: '/results',
    load: async () => (await import('../features/results/results-page')).ResultsPage,
  },
  {
    path: '/grades',
    load: async () => (await import('../features/grades/grades-page')).GradesPage,
  },
  { path: '/terms', load: async () => (await import('../features/terms/terms-page')).TermsPage },
  {
    path: '/academic_years',
    load: async () =>
      (await import('../features/academic-years/academic-years-page')).AcademicYearsPage,
  },
  {
    path: '/audit_log',
    load: async () => (await import('../features/audit/audit-log-page')).AuditLogPage,
  },
  {
    path: '/messages',
    load: async () => (await import('../features/messages/messages-page')).MessagesPage,
  },
  {
    path: '/messages/:id',
    load: async () => (await import('../features/messages/message-detail-page')).MessageDetailPage,
  },
  {
    path: '/fee_structure',
    load: async () => (await import('../features/fees/fee-structure-page')).FeeStructurePage,
  },
  { path: '/fees', load: async () => (await import('../features/fees/fees-page')).FeesPage },
  {
    path: '/analytics',
    load: async () => (await import('../features/fees/fee-analytics-page')).FeeAnalyticsPage,
  },
  {
    path: '/reports',
    load: async () => (await import('../features/reports/reports-page')).ReportsPage,
  },
  { path: '/setup', load: async () => (await import('./setup-route')).SetupRoute },
];

export const loadSignedInApp = async () => (await import('./signed-in-app')).SignedInApp;

/**
 * Whether `pathname` is at `path`, whose `:name` parts match any one part: '/exams/12' is at
 * '/exams/:id'. Not React Router's matchPath: boot.ts, which asks this, imports no library. A
 * fixed path listed before a parameter's ('/students/import', '/students/:id') wins, as there.
 */
function isAt(path: string, pathname: string): boolean {
  const want = path.split('/');
  const got = pathname.split('/');
  return (
    want.length === got.length &&
    want.every((part, i) => part === got[i] || (part.startsWith(':') && got[i] !== ''))
  );
}

/** The screen of `screens` that `pathname` opens, if any. */
export function screenAt(screens: Screen[], pathname: string): Screen | undefined {
  return screens.find((screen) => isAt(screen.path, pathname));
}
