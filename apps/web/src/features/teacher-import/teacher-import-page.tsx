import {
  MAX_TEACHER_IMPORT_BYTES,
  ONE_TIME_PASSWORDS_FILENAME,
  oneTimePasswordsCsv,
  REQUIRED_TEACHER_CSV_COLUMNS,
  TEACHER_CSV_COLUMNS,
  TEACHER_CSV_LABELS,
  TEACHER_IMPORT_MESSAGES,
  type TeacherCsvColumn,
  type TeacherImportResult,
  teacherColumnOfHeader,
} from '@shule/shared/teacher-import';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminOnlyPage } from '../../components/admin-only';
import {
  type CsvImportSetup,
  CsvImportWizard,
} from '../../components/csv-import/csv-import-wizard';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { CardsOrTable } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page-header';
import { downloadCsv } from '../../lib/csv';

const BREADCRUMB = [{ label: 'Teachers', to: '/teachers' }, { label: 'Import' }];

/**
 * Import teachers from a CSV: the import wizard with the teachers' columns, then the one-time
 * passwords to download, shown this once only.
 */
export function TeacherImportPage() {
  return (
    <AdminOnlyPage
      title="Import teachers"
      hint="Ask an administrator of your school to import teachers."
      breadcrumb={BREADCRUMB}
      className="mx-auto max-w-5xl"
    >
      <TeacherImport />
    </AdminOnlyPage>
  );
}

const SETUP = {
  noun: { one: 'teacher', many: 'teachers' },
  columns: TEACHER_CSV_COLUMNS,
  required: REQUIRED_TEACHER_CSV_COLUMNS,
  labels: TEACHER_CSV_LABELS,
  columnOfHeader: teacherColumnOfHeader,
  messages: TEACHER_IMPORT_MESSAGES,
  maxBytes: MAX_TEACHER_IMPORT_BYTES,
  intro: (
    <>
      One teacher a row: first and last name, phone number (their login), TSC number and, if you
      have it, email. Save a spreadsheet as CSV (Excel: File, Save As, CSV UTF-8). Nothing is saved
      until you press Import.
    </>
  ),
  endpoint: '/teachers/import/',
  details: [
    { column: 'phone_number', header: 'Phone', missing: 'No phone' },
    { column: 'tsc_number', header: 'TSC number', missing: 'No TSC number' },
  ],
  resultView: (result: TeacherImportResult) => <DoneStep result={result} />,
} satisfies Omit<CsvImportSetup<TeacherCsvColumn, TeacherImportResult>, 'onImported'>;

function TeacherImport() {
  const queryClient = useQueryClient();
  const onImported = () => queryClient.invalidateQueries({ queryKey: ['teachers'] });
  return (
    <div className="space-y-5">
      <PageHeader title="Import teachers" breadcrumb={BREADCRUMB} />
      <CsvImportWizard<TeacherCsvColumn, TeacherImportResult> setup={{ ...SETUP, onImported }} />
    </div>
  );
}

function DoneStep({ result }: { result: TeacherImportResult }) {
  const [downloaded, setDownloaded] = useState(false);
  const download = () => {
    downloadCsv(ONE_TIME_PASSWORDS_FILENAME, oneTimePasswordsCsv(result.teachers));
    setDownloaded(true);
  };
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <h2 className="text-lg font-semibold">
          {TEACHER_IMPORT_MESSAGES.imported(result.imported)}
        </h2>
        <p
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <strong>Download the passwords now: they are shown only this once.</strong> Each teacher
          logs in with their phone number and their one-time password, then chooses their own. Shule
          keeps no copy of the passwords.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button
            onClick={download}
            className="h-auto min-h-10 w-full whitespace-normal py-2 sm:w-auto"
          >
            <Download className="h-4 w-4 shrink-0" aria-hidden="true" />
            Download the one-time passwords (CSV)
          </Button>
          <Link to="/teachers" className={buttonClass(downloaded ? 'primary' : 'outline')}>
            Back to teachers
          </Link>
        </div>
        <CardsOrTable<TeacherImportResult['teachers'][number]>
          label="Teachers added"
          rows={result.teachers}
          rowKey={(t) => t.phone_number}
          card={(t) => (
            <div className="rounded-lg border p-3">
              <p className="font-medium">
                {t.first_name} {t.last_name}
              </p>
              <p className="text-sm text-muted-foreground">{t.phone_number}</p>
            </div>
          )}
          columns={[
            {
              header: 'Name',
              cell: (t) => `${t.first_name} ${t.last_name}`,
              className: 'font-medium',
            },
            { header: 'Phone (login)', cell: (t) => t.phone_number },
          ]}
        />
        {result.linked.length > 0 ? (
          <div className="space-y-2 text-sm" data-testid="linked-accounts">
            <p>
              These phones already had a Shule account: each is now your school&apos;s teacher
              account with its one-time password above. Its old password no longer works and it was
              signed out everywhere.
            </p>
            <ul className="list-disc pl-5">
              {result.linked.map((t) => (
                <li key={t.phone_number}>
                  {t.first_name} {t.last_name} · {t.phone_number}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
