/**
 * Every route of the router (router.tsx) and the name its page goes by in the tab's title. The
 * router's test fails when the two disagree, and the e2e accessibility walk visits each path.
 * Plain data, so the e2e suite can import it.
 */
export const PUBLIC_PAGES = {
  '/': 'School management',
  '/login': 'Log in',
  '/signup': 'Sign up',
  '/forgot_password': 'Forgot password',
  '/register_institution': 'Register your institution',
} as const;

export const SIGNED_IN_PAGES = {
  '/dashboard': 'Dashboard',
  '/settings': 'School profile',
  '/account': 'Account',
  '/teachers': 'Teachers',
  '/teachers/import': 'Import teachers',
  '/students': 'Students',
  '/students/import': 'Import students',
  '/students/consents': 'SMS consents',
  '/students/:id': 'Student',
  '/classes': 'Classes',
  '/attendance': 'Attendance',
  '/levels/:id': 'Learning areas',
  '/levels/:id/strands/import': 'Import strands',
  '/assessments': 'Assessments',
  '/assessments/:id': 'Enter levels',
  '/sba': 'School-based assessment',
  '/senior/kjsea': 'KJSEA results',
  '/cbc/classes/:id/summary': 'CBC term summary',
  '/levels/:id/comments': 'Teacher comments',
  '/classes/:id/report-inputs': 'Competencies and remarks',
  '/classes/:id/subjects': 'Stream subjects',
  '/senior/choices/import': 'Import subject choices',
  '/comment-bank': 'Comment bank',
  '/senior': 'Senior school',
  '/promotion': 'Promotion',
  '/teaching-groups': 'Teaching groups',
  '/subjects': 'Subjects',
  '/subjects/:id': 'Grading bands',
  '/exams': 'Exams',
  '/exams/:id': 'Exam grading',
  '/exams/:id/marks': 'Enter marks',
  '/exams/:id/report/:studentId': 'Report form',
  '/exams/:id/merit-list': 'Merit list',
  '/results': 'Results',
  '/grades': 'Grades',
  '/terms': 'Terms',
  '/academic_years': 'Academic years',
  '/audit_log': 'Audit log',
  '/messages': 'Messages',
  '/messages/:id': 'Message',
  '/fee_structure': 'Fee structure',
  '/fees': 'Fees',
  '/analytics': 'Fee analytics',
  '/reports': 'Reports',
  '/help': 'Help',
  '/setup': 'Setup',
} as const;

export type SignedInPath = keyof typeof SIGNED_IN_PAGES;
