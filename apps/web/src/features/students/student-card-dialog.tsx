import type { StudentListRow } from '@shule/shared/students';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useStudent } from '../../lib/queries/students';
import { StudentDetails, StudentHeading } from './student-details';

/**
 * The card a row opens, with View Full Profile leading to /students/{id}. The list's
 * row gives the heading at once; the details (parent, birth date) come with the full row.
 */
export function StudentCardDialog({
  student,
  onClose,
}: {
  student: StudentListRow | null;
  onClose(): void;
}) {
  return (
    <Dialog
      open={student != null}
      onOpenChange={(open) => !open && onClose()}
      title="Student details"
      className="sm:max-w-md"
    >
      {student ? (
        <div className="space-y-5">
          <StudentHeading student={student} />
          <FullDetails id={student.id} />
          <Link to={`/students/${student.id}`} className={cn(buttonClass('primary'), 'w-full')}>
            View Full Profile
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      ) : null}
    </Dialog>
  );
}

function FullDetails({ id }: { id: number }) {
  const full = useStudent(id);
  if (full.isPending) {
    return <SkeletonRows rows={3} />;
  }
  if (full.isError) {
    return <LoadError what="the details" error={full.error} onRetry={full.refetch} />;
  }
  return <StudentDetails student={full.data} />;
}
