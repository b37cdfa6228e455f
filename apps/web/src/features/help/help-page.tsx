import { LifeBuoy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { useIsAdmin } from '../../lib/roles';
import { useSession } from '../../lib/session';

/** The version this screen was built as: the commit and its date (vite.config.ts). */
export const SHULE_VERSION = __SHULE_VERSION__;

interface Problem {
  question: string;
  answer: ReactNode;
  /** Shown to admins only: what only an admin can do something about. */
  admin?: boolean;
}

const link = (to: string, text: string) => (
  <Link to={to} className="font-medium text-primary hover:underline">
    {text}
  </Link>
);

const PROBLEMS: Problem[] = [
  {
    question: 'I forgot my password',
    answer: (
      <>
        On the sign-in page choose &ldquo;Forgot password?&rdquo;: a code is sent by SMS to your
        phone. A teacher can also ask the school&apos;s admin, who sets a one-time password on the{' '}
        {link('/teachers', 'Teachers')} page.
      </>
    ),
  },
  {
    question: 'A mark will not save',
    answer: (
      <>
        A mark is a number from 0 to 100, or X (absent) or Y (irregularity). The row says &ldquo;Not
        saved&rdquo; with the reason; correct it and it is sent again. On a poor connection the
        marks typed stay on the screen until they are saved.
      </>
    ),
  },
  {
    question: 'Parents do not get our SMS',
    answer: (
      <>
        A parent gets SMS only when their consent to SMS is recorded as Granted on the child&apos;s
        page, and only at a phone number Shule has. Until whoever installed Shule connects it to an
        SMS provider, messages are recorded and shown as delivered but reach no phone (the Messaging
        page says so). When the SMS account runs out of credit, sending pauses until it is topped
        up; nothing queued is lost.
      </>
    ),
    admin: true,
  },
  {
    question: 'M-Pesa payments do not appear',
    answer: (
      <>
        Cash, bank and cheque payments work without M-Pesa. For M-Pesa, whoever installed Shule adds
        the school&apos;s Paybill settings from Safaricom; the Fees page says whether they are
        there. A payment whose account matches no admission number waits on the{' '}
        {link('/fees', 'Fees')} page for you to give it to the right student.
      </>
    ),
    admin: true,
  },
  {
    question: 'A report form or merit list looks wrong',
    answer: (
      <>
        Check the exam&apos;s classes and subjects, that each subject has its teacher (the TEACHER
        column) on the {link('/classes', 'Classes')} page, and the grading on the{' '}
        {link('/grades', 'Grades')} page. Results are worked out again each time they are opened.
      </>
    ),
  },
  {
    question: 'An import says a row cannot be added',
    answer: (
      <>
        The check screen lists each refused row with its line and the reason (a missing name, a
        phone number that is not a Kenyan one, an admission number already used). Correct the file
        and import it again: rows already added are not added twice.
      </>
    ),
    admin: true,
  },
];

/** Support (/help, from the user menu): how to get help, the version, contacts, common problems. */
export function HelpPage() {
  const { school } = useSession();
  const isAdmin = useIsAdmin();
  const problems = PROBLEMS.filter((p) => isAdmin || !p.admin);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Help"
        breadcrumb={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Help' }]}
      />
      <div className="space-y-4">
        <Card className="space-y-3 p-5">
          <h2 className="flex items-center gap-2 text-base font-semibold">
            <LifeBuoy className="h-4 w-4" aria-hidden="true" />
            How to get help
          </h2>
          {isAdmin ? (
            <p className="text-sm">
              Most questions are answered below. For anything about the installation itself (SMS,
              M-Pesa, backups, a server that does not answer), contact whoever installed Shule for
              the school: your IT person or provider. Tell them what you did, what the screen said,
              and the version below.
            </p>
          ) : (
            <p className="text-sm">
              Most questions are answered below. Otherwise ask the school&apos;s admin, who sets up
              classes, subjects, teachers and accounts. Tell them what you did, what the screen
              said, and the version below.
            </p>
          )}
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            {school ? (
              <div>
                <dt className="text-xs text-muted-foreground">Your school</dt>
                <dd className="font-medium">{school.name}</dd>
                <dd className="tabular-nums">
                  {[school.phone_number, school.email].filter(Boolean).join(' · ')}
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-xs text-muted-foreground">Version</dt>
              <dd className="font-medium tabular-nums" data-testid="shule-version">
                Shule {SHULE_VERSION}
              </dd>
            </div>
          </dl>
        </Card>
        <Card className="p-5">
          <h2 className="mb-3 text-base font-semibold">Common problems</h2>
          <ul className="divide-y">
            {problems.map((p) => (
              <li key={p.question} className="py-3 first:pt-0 last:pb-0">
                <h3 className="text-sm font-medium">{p.question}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{p.answer}</p>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
