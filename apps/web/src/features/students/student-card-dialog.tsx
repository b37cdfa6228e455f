import type { StudentRow } from '@shule/shared/students';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { StudentDetails, StudentHeading } from './student-details';

/** The card a row opens (spec §2), with View Full Profile leading to /students/{id}. */
export function StudentCardDialog({
  student,
  onClose,
}: {
  student: StudentRow | null;
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
          <StudentDetails student={student} />
          <Link to={`/students/${student.id}`} className={cn(buttonClass('primary'), 'w-full')}>
            View Full Profile
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      ) : null}
    </Dialog>
  );
}
