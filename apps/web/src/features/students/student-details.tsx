import { ageInYears, type StudentRow } from '@shule/shared/students';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/dates';
import { studentStatus } from './students-csv';

export const studentName = (s: Pick<StudentRow, 'first_name' | 'last_name'>) =>
  `${s.first_name} ${s.last_name}`;

export const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

export function StatusBadge({ student }: { student: Pick<StudentRow, 'is_active'> }) {
  return <Badge tone={student.is_active ? 'green' : 'neutral'}>{studentStatus(student)}</Badge>;
}

/** Photo and name with the admission number, on top of the card and of the profile page. */
export function StudentHeading({ student, large }: { student: StudentRow; large?: boolean }) {
  return (
    <div className="flex items-center gap-4">
      <Avatar
        src={student.profile_photo}
        name={studentName(student)}
        className={large ? 'h-20 w-20 text-2xl' : 'h-16 w-16 text-xl'}
      />
      <div className="min-w-0">
        <p className={cn('truncate font-semibold', large ? 'text-2xl' : 'text-lg')}>
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

/** The details the student card and the full profile both show (spec §2). */
export function StudentDetails({ student, wide }: { student: StudentRow; wide?: boolean }) {
  const parent = student.parent?.user;
  const age = ageInYears(student.date_of_birth);
  const items: [string, string][] = [
    ['Class', student._class.name],
    ['Gender', capitalise(student.gender)],
    ['Age', `${age} ${age === 1 ? 'year' : 'years'}`],
    ['Date of birth', formatDate(student.date_of_birth)],
    ['Parent/Guardian', parent ? `${parent.first_name} ${parent.last_name}` : '—'],
    ['Email', parent?.email ?? '—'],
    ['Phone', parent?.phone_number || '—'],
  ];
  return (
    <dl className={cn('grid gap-x-6 gap-y-3 text-sm', wide ? 'sm:grid-cols-2' : 'grid-cols-2')}>
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="break-words font-medium">
            {label === 'Phone' && parent?.phone_number ? (
              <a href={`tel:${parent.phone_number}`} className="text-primary hover:underline">
                {value}
              </a>
            ) : label === 'Email' && parent?.email ? (
              <a href={`mailto:${parent.email}`} className="text-primary hover:underline">
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
