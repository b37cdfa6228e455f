import {
  REQUIRED_STUDENT_CSV_COLUMNS,
  STUDENT_CSV_COLUMNS,
  STUDENT_CSV_LABELS,
  type StudentCsvColumn,
} from '@shule/shared/student-columns';
import {
  columnOfHeader,
  MAX_IMPORT_BYTES,
  STUDENT_IMPORT_MESSAGES,
  type StudentImportResult,
} from '@shule/shared/student-import';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AdminOnlyPage } from '../../components/admin-only';
import {
  type CsvImportSetup,
  CsvImportWizard,
} from '../../components/csv-import/csv-import-wizard';
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
  columns: STUDENT_CSV_COLUMNS,
  required: REQUIRED_STUDENT_CSV_COLUMNS,
  labels: STUDENT_CSV_LABELS,
  columnOfHeader,
  messages: STUDENT_IMPORT_MESSAGES,
  maxBytes: MAX_IMPORT_BYTES,
  intro: (
    <>
      One student a row, with their class and a parent's phone. Save a spreadsheet as CSV (Excel:
      File, Save As, CSV UTF-8). Dates may be written 14/03/2012 or 2012-03-14; classes must exist
      already. Nothing is saved until you press Import.
    </>
  ),
  endpoint: '/students/import/',
  details: [
    { column: 'class', header: 'Class', missing: 'No class' },
    { column: 'parent_phone', header: 'Parent phone', missing: 'No phone' },
  ],
} satisfies Omit<CsvImportSetup<StudentCsvColumn, StudentImportResult>, 'onImported'>;

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
      <CsvImportWizard<StudentCsvColumn, StudentImportResult> setup={{ ...SETUP, onImported }} />
    </div>
  );
}
