import { formatDate } from '@shule/shared/display-dates';
import {
  ageInYears,
  LEAVE_REASON_LABELS,
  type StudentListRow,
  type StudentRow,
} from '@shule/shared/students';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { studentName } from '../../lib/student-name';

export const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

type StudentStatus = Pick<StudentRow, 'is_active' | 'left_on' | 'left_reason'>;

/** Active, or Left with the day and the reason (the list, the card and the page). */
export function StatusBadge({ student }: { student: StudentStatus }) {
  if (student.is_active) return <Badge tone="green">Active</Badge>;
  const when = student.left_on ? ` ${formatDate(student.left_on)}` : '';
  const why = student.left_reason ? ` · ${LEAVE_REASON_LABELS[student.left_reason]}` : '';
  return <Badge tone="neutral">{`Left${when}${why}`}</Badge>;
}

/** Photo and name with the admission number, on top of the card and of the profile page. */
export function StudentHeading({ student, large }: { student: StudentListRow; large?: boolean }) {
  return (
    <div className="flex items-center gap-4">
      <Avatar
        src={student.profile_photo}
        name={studentName(student)}
        className={large ? 'h-20 w-20 text-2xl!' : 'h-16 w-16 text-xl!'}
      />
      <div className="min-w-0">
        <p className={cn('font-semibold break-words', large ? 'text-2xl' : 'text-lg')}>
          {studentName(student)}
        </p>
        <p className="text-sm text-muted-foreground">
          Admission No.{' '}
          <span className="font-medium text-foreground">{student.admission_number}</span>
        </p>
        <div className="mt-1">
          <StatusBadge student={student} />
        </div>
      </div>
    </div>
  );
}

type Detail = [label: string, value: string, href?: string];

function details(student: StudentRow) {
  const parent = student.parent?.user;
  const age = ageInYears(student.date_of_birth);
  const own: Detail[] = [
    ['Class', student._class.name],
    ['Gender', capitalise(student.gender)],
    ['Age', `${age} ${age === 1 ? 'year' : 'years'}`],
    ['Date of birth', formatDate(student.date_of_birth)],
  ];
  const guardian: Detail[] = [
    ['Parent/Guardian', parent ? `${parent.first_name} ${parent.last_name}` : '—'],
    ['Email', parent?.email ?? '—', parent?.email ? `mailto:${parent.email}` : undefined],
    [
      'Phone',
      parent?.phone_number || '—',
      parent?.phone_number ? `tel:${parent.phone_number}` : undefined,
    ],
  ];
  return { own, guardian };
}

function DetailList({ items, className }: { items: Detail[]; className?: string }) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-3 text-sm', className)}>
      {items.map(([label, value, href]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="break-words font-medium">
            {href ? (
              <a href={href} className="text-primary hover:underline">
                {value}
              </a>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The details the student card shows: photo and name come from StudentHeading. */
export function StudentDetails({ student }: { student: StudentRow }) {
  const { own, guardian } = details(student);
  return <DetailList items={[...own, ...guardian]} className="grid-cols-2" />;
}

/** The same details on the full profile page, in a student and a parent section. */
export function StudentDetailSections({ student }: { student: StudentRow }) {
  const { own, guardian } = details(student);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section className="rounded-lg border bg-background p-5 shadow-sm">
        <h2 className="mb-3 text-base font-semibold">Student</h2>
        <DetailList items={own} className="grid-cols-2" />
      </section>
      <section className="rounded-lg border bg-background p-5 shadow-sm">
        <h2 className="mb-3 text-base font-semibold">Parent or guardian</h2>
        <DetailList
          items={guardian.map(
            ([label, ...rest]) => [label === 'Parent/Guardian' ? 'Name' : label, ...rest] as Detail,
          )}
        />
      </section>
    </div>
  );
}
