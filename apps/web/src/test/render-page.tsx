import type { ClassRow } from '@shule/shared/classes';
import type { School } from '@shule/shared/schools';
import type { SetupState } from '@shule/shared/setup';
import type { StudentDetail } from '@shule/shared/students';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { Toaster } from '../components/ui/toast';
import { useSetup } from '../lib/queries/setup';
import { useStudent } from '../lib/queries/students';
import { useIsAdmin } from '../lib/roles';
import { SessionProvider } from '../lib/session';

/** A fetch Response with a JSON body (none for a 204). */
export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status });

/** What /api/users/user/ answers for the signed-in user, of school 7. */
export const sessionUser = (role: 'admin' | 'teacher') => ({
  id: 1,
  first_name: 'Amina',
  last_name: 'Otieno',
  username: 'Amina',
  phone_number: '0712345678',
  email: null,
  roles: [{ name: role }],
  school: { id: 7, name: 'Test', postal_code: '1', phone_number: '0720000000', email: null },
});

/** A row of the classes list of school 7, its students all counted as boys. */
/** School 7 as GET /api/schools/7/ answers it. */
export const schoolRow = (changes: Partial<School> = {}): School => ({
  id: 7,
  name: 'Test',
  postal_address: null,
  postal_code: '1',
  county: 'Nairobi',
  phone_number: '0720000000',
  email: null,
  website: null,
  motto: null,
  logo: null,
  type: 'IPS',
  levels: ['senior'],
  grading_scheme: 'average',
  report_teacher_names: 'initials',
  ...changes,
});

export const classRow = (
  id: number,
  name: string,
  totalStudents = 0,
  level: string | null = null,
): ClassRow => ({
  id,
  name,
  level,
  school: 7,
  totalStudents,
  boys: totalStudents,
  girls: 0,
  class_teacher: null,
  classTeacher: null,
});

/** Student 21 of Form 4 East (class 4) as GET /api/students/21/ answers it: no parent, consents unknown. */
export const studentDetail = (changes: Partial<StudentDetail> = {}): StudentDetail => ({
  id: 21,
  first_name: 'Wanjiru',
  last_name: 'Kamau',
  admission_number: '0421',
  gender: 'female',
  date_of_birth: '2009-05-01',
  profile_photo: null,
  is_active: true,
  left_on: null,
  left_reason: null,
  _class: { id: 4, name: 'Form 4 East' },
  parent: null,
  subjects: null,
  entry_exam: null,
  entry_index_number: null,
  entry_marks: null,
  consents: {
    photos: { status: 'unknown', recorded_at: null, recorded_by: null },
    sms: { status: 'unknown', recorded_at: null, recorded_by: null },
  },
  upi: null,
  birth_certificate_number: null,
  nationality: null,
  county: null,
  sub_county: null,
  special_needs: null,
  medical_condition: null,
  nhif_number: null,
  assessment_number: null,
  birth_certificate_names: null,
  re_option: null,
  kiswahili_option: null,
  special_needs_code: null,
  ...changes,
});

/**
 * Renders a page as the app does: queries without retries, the session, a router and the toaster.
 * Given `at`, the page is mounted on the route pattern and opened at the url.
 */
export function renderWithApp(page: ReactElement, at?: { route: string; url: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter initialEntries={at ? [at.url] : undefined}>
          {at ? (
            <Routes>
              <Route path={at.route} element={page} />
            </Routes>
          ) : (
            page
          )}
          <Toaster />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

type StudentSections = (props: { student: StudentDetail; isAdmin: boolean }) => ReactNode;

function StudentSectionsAt({ sections }: { sections: StudentSections }) {
  const student = useStudent(Number(useParams().id));
  const isAdmin = useIsAdmin();
  return student.data ? sections({ student: student.data, isAdmin }) : null;
}

/**
 * Renders sections of the student's page as app/ gives them to it: the student read from
 * GET /api/students/21/ (so a save that changes the student shows), and whether the signed-in
 * user is an admin.
 */
export function renderStudentSections(sections: StudentSections) {
  return renderWithApp(<StudentSectionsAt sections={sections} />, {
    route: '/students/:id',
    url: '/students/21',
  });
}

type SetupStep = (state: SetupState) => ReactNode;

function SetupStepAt({ step }: { step: SetupStep }) {
  const setup = useSetup();
  return setup.data ? step(setup.data) : null;
}

/**
 * Renders a step of the setup wizard, or a part of its review, as features/setup/setup-page.tsx
 * gives it the state: read from GET /api/setup/ once the session has a school.
 */
export function renderSetupStep(step: SetupStep) {
  return renderWithApp(<SetupStepAt step={step} />);
}
