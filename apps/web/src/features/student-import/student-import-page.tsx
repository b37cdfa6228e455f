import { CONSENT_STATUS_LABELS, readConsentWord } from '@shule/shared/consents';
import {
  REQUIRED_STUDENT_CSV_COLUMNS,
  STUDENT_CSV_COLUMNS,
  STUDENT_CSV_LABELS,
  STUDENT_FULL_NAMES,
  STUDENT_IMPORT_COLUMNS,
  type StudentImportColumn,
} from '@shule/shared/student-columns';
import {
  columnOfHeader,
  MAX_IMPORT_BYTES,
  missingStudentColumns,
  STUDENT_IMPORT_MESSAGES,
  type StudentImportPreview,
  type StudentImportResult,
} from '@shule/shared/student-import';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AdminOnlyPage } from '../../components/admin-only';
import {
  type CsvImportSetup,
  CsvImportWizard,
} from '../../components/csv-import/csv-import-wizard';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';

const BREADCRUMB = [{ label: 'Students', to: '/students' }, { label: 'Import' }];

/**
 * Import students from a CSV (decision 021): the import wizard with the students' columns; after
 * the import, the students list.
 */
export function StudentImportPage() {
  return (
    <AdminOnlyPage
      title="Import students"
      hint="Ask an administrator of your school to import students."
      breadcrumb={BREADCRUMB}
      className="mx-auto max-w-6xl"
    >
      <StudentImport />
    </AdminOnlyPage>
  );
}

const SETUP = {
  noun: { one: 'student', many: 'students' },
  columns: STUDENT_IMPORT_COLUMNS,
  templateColumns: STUDENT_CSV_COLUMNS,
  required: REQUIRED_STUDENT_CSV_COLUMNS,
  missingLabels: missingStudentColumns,
  fullNames: [
    { ...STUDENT_FULL_NAMES[0], shownAs: null },
    { ...STUDENT_FULL_NAMES[1], shownAs: 'Parent' },
  ],
  labels: STUDENT_CSV_LABELS,
  columnOfHeader,
  messages: STUDENT_IMPORT_MESSAGES,
  maxBytes: MAX_IMPORT_BYTES,
  intro: (
    <>
      One student a row, with their class and a parent's phone. Save a spreadsheet as CSV (Excel:
      File, Save As, CSV UTF-8). Dates may be written 14/03/2012 or 2012-03-14; classes must exist
      already. A name in one column (NAME, Parent/Guardian) is split into surname and other names. A
      consent column may say Yes or No (blank: not asked). Nothing is saved until you press Import.
    </>
  ),
  endpoint: '/students/import/',
  details: [
    { column: 'class', header: 'Class', missing: 'No class' },
    { column: 'parent_phone', header: 'Parent phone', missing: 'No phone' },
    {
      column: 'sms_consent',
      header: 'SMS consent',
      missing: 'SMS consent not asked',
      // The word as the import reads it; a word it cannot read stays as written (the problem).
      format: (text: string) => {
        const status = readConsentWord(text.trim());
        return status === undefined
          ? text
          : status === 'unknown'
            ? ''
            : CONSENT_STATUS_LABELS[status];
      },
    },
  ],
  summary: (answer: StudentImportPreview) => <SmsConsentSummary answer={answer} />,
} satisfies Omit<
  CsvImportSetup<StudentImportColumn, StudentImportResult, StudentImportPreview>,
  'onImported'
>;

/** The parents of the rows ready to import whom no SMS will reach until consent is recorded. */
function SmsConsentSummary({ answer }: { answer: StudentImportPreview }) {
  const { granted, refused, not_asked } = answer.sms_consent;
  const without = refused + not_asked;
  if (granted + without === 0) return null;
  if (without === 0)
    return <p className="text-sm">Every parent of the rows ready has consented to SMS.</p>;
  return (
    <Alert tone="warning">
      <strong>{STUDENT_IMPORT_MESSAGES.noSms(without)}</strong> ({refused} refused, {not_asked} not
      asked in the file; {granted} consented). Record their consents after the import: Students,
      then SMS consents of a class.
    </Alert>
  );
}

function StudentImport() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onImported = async () => {
    // The lists and the classes' counts (as an admission refreshes them).
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['students'] }),
      queryClient.invalidateQueries({ queryKey: ['classes'] }),
    ]);
    navigate('/students');
  };
  return (
    <div className="space-y-5">
      <PageHeader title="Import students" breadcrumb={BREADCRUMB} />
      <CsvImportWizard<StudentImportColumn, StudentImportResult, StudentImportPreview>
        setup={{ ...SETUP, onImported }}
      />
    </div>
  );
}
