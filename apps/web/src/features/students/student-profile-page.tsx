import type { StudentDetail } from '@shule/shared/students';
import { ArrowLeft, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { useStudent } from '../../lib/queries/students';
import { useIsAdmin } from '../../lib/roles';
import { studentName } from '../../lib/student-name';
import { StudentDetailSections, StudentHeading } from './student-details';
import { StudentPhotoActions } from './student-photo';
import { StudentStatusActions } from './student-status-actions';

/** What a section of the page is given: the student, and whether the reader is an admin. */
export interface StudentSectionProps {
  student: StudentDetail;
  isAdmin: boolean;
}

/**
 * View Full Profile: the student card's details as a page of its own, followed by `sections`,
 * which app/ takes from the features that own them (results, fees, attendance, privacy).
 */
export function StudentProfilePage({
  sections,
}: {
  sections(props: StudentSectionProps): ReactNode;
}) {
  const { id } = useParams();
  const studentId = Number(id);
  const valid = Number.isInteger(studentId) && studentId > 0;
  const student = useStudent(studentId);
  const isAdmin = useIsAdmin();
  const notFound = !valid || (student.error instanceof ApiError && student.error.status === 404);

  const breadcrumb = [
    { label: 'Students', to: '/students' },
    {
      label: student.data ? studentName(student.data) : notFound ? 'Not found' : 'Profile',
    },
  ];

  if (notFound) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title="Student not found" breadcrumb={breadcrumb} />
        <EmptyState
          icon={<UserX className="h-10 w-10" />}
          title="No such student in your school"
          hint="The student may have been removed, or the link is wrong."
          action={
            <Link to="/students" className={buttonClass('outline')}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              Back to students
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Student profile"
        breadcrumb={breadcrumb}
        actions={
          <Link to="/students" className={buttonClass('outline')}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to students
          </Link>
        }
      />
      {student.isPending ? (
        <Card role="status" aria-label="Loading" className="space-y-5 p-5">
          <div className="flex items-center gap-4">
            <Skeleton className="h-20 w-20 rounded-full!" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-24 w-full" />
        </Card>
      ) : student.isError ? (
        <LoadError what="the student" error={student.error} onRetry={student.refetch} />
      ) : (
        <div className="space-y-4">
          <Card className="p-5">
            <StudentHeading student={student.data} large />
            {isAdmin ? (
              <div className="mt-4 space-y-3">
                <StudentStatusActions student={student.data} />
                <StudentPhotoActions student={student.data} />
              </div>
            ) : null}
          </Card>
          <StudentDetailSections student={student.data} />
          {sections({ student: student.data, isAdmin })}
        </div>
      )}
    </div>
  );
}
