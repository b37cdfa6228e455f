import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { ProtectedRoute } from './protected-route';
import { RouteErrorPage } from './route-error-page';
import { TitledOutlet } from './titled-outlet';

/** Exported for its test: every path here has a name in page-names.ts. */
export const routes: RouteObject[] = [
  {
    Component: TitledOutlet,
    errorElement: <RouteErrorPage standalone />,
    children: [
      {
        path: '/',
        lazy: async () => ({
          Component: (await import('../features/landing/landing-page')).LandingPage,
        }),
      },
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
      },
      {
        path: '/signup',
        lazy: async () => ({
          Component: (await import('../features/auth/signup-page')).SignupPage,
        }),
      },
      {
        path: '/register_institution',
        lazy: async () => ({
          Component: (await import('../features/registration/register-institution-page'))
            .RegisterInstitutionPage,
        }),
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            // The query client and the shell (menus, drawer) load after sign-in, not with the
            // landing page.
            lazy: async () => ({ Component: (await import('./signed-in-app')).SignedInApp }),
            // Inside the shell, so a failing screen keeps the menu around it.
            children: [
              {
                errorElement: <RouteErrorPage />,
                children: [
                  {
                    path: '/dashboard',
                    lazy: async () => ({
                      Component: (await import('../features/dashboard/dashboard-page'))
                        .DashboardPage,
                    }),
                  },
                  {
                    path: '/account',
                    lazy: async () => ({
                      Component: (await import('../features/auth/account-page')).AccountPage,
                    }),
                  },
                  {
                    path: '/teachers',
                    lazy: async () => ({
                      Component: (await import('../features/teachers/teachers-page')).TeachersPage,
                    }),
                  },
                  {
                    path: '/teachers/import',
                    lazy: async () => ({
                      Component: (await import('../features/teacher-import/teacher-import-page'))
                        .TeacherImportPage,
                    }),
                  },
                  {
                    path: '/students',
                    lazy: async () => ({
                      Component: (await import('../features/students/students-page')).StudentsPage,
                    }),
                  },
                  {
                    path: '/students/import',
                    lazy: async () => ({
                      Component: (await import('../features/student-import/student-import-page'))
                        .StudentImportPage,
                    }),
                  },
                  {
                    path: '/students/:id',
                    lazy: async () => ({
                      Component: (await import('../features/students/student-profile-page'))
                        .StudentProfilePage,
                    }),
                  },
                  {
                    path: '/classes',
                    lazy: async () => ({
                      Component: (await import('../features/classes/classes-page')).ClassesPage,
                    }),
                  },
                  {
                    path: '/attendance',
                    lazy: async () => ({
                      Component: (await import('../features/attendance/register-page'))
                        .RegisterPage,
                    }),
                  },
                  {
                    path: '/promotion',
                    lazy: async () => ({
                      Component: (await import('../features/promotion/promotion-page'))
                        .PromotionPage,
                    }),
                  },
                  {
                    path: '/subjects',
                    lazy: async () => ({
                      Component: (await import('../features/subjects/subjects-page')).SubjectsPage,
                    }),
                  },
                  {
                    path: '/subjects/:id',
                    lazy: async () => ({
                      Component: (await import('../features/subjects/subject-bands-page'))
                        .SubjectBandsPage,
                    }),
                  },
                  {
                    path: '/exams',
                    lazy: async () => ({
                      Component: (await import('../features/exams/exams-page')).ExamsPage,
                    }),
                  },
                  {
                    path: '/exams/:id',
                    lazy: async () => ({
                      Component: (await import('./exam-grading-route')).ExamGradingRoute,
                    }),
                  },
                  {
                    path: '/exams/:id/marks',
                    lazy: async () => ({
                      Component: (await import('../features/mark-entry/mark-entry-page'))
                        .MarkEntryPage,
                    }),
                  },
                  {
                    path: '/exams/:id/report/:studentId',
                    lazy: async () => ({
                      Component: (await import('../features/results/report-form-page'))
                        .ReportFormPage,
                    }),
                  },
                  {
                    path: '/exams/:id/merit-list',
                    lazy: async () => ({
                      Component: (await import('../features/results/merit-list-page'))
                        .MeritListPage,
                    }),
                  },
                  {
                    path: '/results',
                    lazy: async () => ({
                      Component: (await import('../features/results/results-page')).ResultsPage,
                    }),
                  },
                  {
                    path: '/grades',
                    lazy: async () => ({
                      Component: (await import('../features/grades/grades-page')).GradesPage,
                    }),
                  },
                  {
                    path: '/terms',
                    lazy: async () => ({
                      Component: (await import('../features/terms/terms-page')).TermsPage,
                    }),
                  },
                  {
                    path: '/academic_years',
                    lazy: async () => ({
                      Component: (await import('../features/academic-years/academic-years-page'))
                        .AcademicYearsPage,
                    }),
                  },
                  {
                    path: '/audit_log',
                    lazy: async () => ({
                      Component: (await import('../features/audit/audit-log-page')).AuditLogPage,
                    }),
                  },
                  {
                    path: '/messages',
                    lazy: async () => ({
                      Component: (await import('../features/messages/messages-page')).MessagesPage,
                    }),
                  },
                  {
                    path: '/messages/:id',
                    lazy: async () => ({
                      Component: (await import('../features/messages/message-detail-page'))
                        .MessageDetailPage,
                    }),
                  },
                  {
                    path: '/fee_structure',
                    lazy: async () => ({
                      Component: (await import('../features/fees/fee-structure-page'))
                        .FeeStructurePage,
                    }),
                  },
                  {
                    path: '/fees',
                    lazy: async () => ({
                      Component: (await import('../features/fees/fees-page')).FeesPage,
                    }),
                  },
                  {
                    path: '/analytics',
                    lazy: async () => ({
                      Component: (await import('../features/fees/fee-analytics-page'))
                        .FeeAnalyticsPage,
                    }),
                  },
                  {
                    path: '/reports',
                    lazy: async () => ({
                      Component: (await import('../features/reports/reports-page')).ReportsPage,
                    }),
                  },
                  {
                    path: '/setup',
                    lazy: async () => ({
                      Component: (await import('../features/setup/setup-page')).SetupPage,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
