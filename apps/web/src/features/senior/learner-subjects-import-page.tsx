import {
  CHOICE_CSV_COLUMNS,
  CHOICE_CSV_LABELS,
  CHOICE_IMPORT_MESSAGES,
  type ChoiceCsvColumn,
  type ChoiceImportResult,
  choiceCsv,
} from '@shule/shared/senior-choices';
import { MAX_IMPORT_BYTES } from '@shule/shared/student-import';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AdminOnlyPage } from '../../components/admin-only';
import {
  type CsvImportSetup,
  CsvImportWizard,
} from '../../components/csv-import/csv-import-wizard';
import { PageHeader } from '../../components/ui/page-header';
import { toast } from '../../components/ui/toast';

const BREADCRUMB = [{ label: 'Classes', to: '/classes' }, { label: 'Import subject choices' }];

/** Senior learners' pathways and combinations from a CSV, checked row by row before saving. */
export function LearnerSubjectsImportPage() {
  return (
    <AdminOnlyPage
      title="Import subject choices"
      hint="Ask an administrator of your school to import learners' subject choices."
      breadcrumb={BREADCRUMB}
      className="mx-auto max-w-5xl"
    >
      <ChoiceImport />
    </AdminOnlyPage>
  );
}

const SETUP = {
  noun: { one: 'learner', many: 'learners' },
  columns: CHOICE_CSV_COLUMNS,
  required: CHOICE_CSV_COLUMNS,
  labels: CHOICE_CSV_LABELS,
  columnOfHeader: choiceCsv.columnOfHeader,
  messages: CHOICE_IMPORT_MESSAGES,
  maxBytes: MAX_IMPORT_BYTES,
  intro: (
    <>
      One Grade 10-12 learner a row: admission number, pathway, combination (its name, as the
      school's combinations list has it), mathematics (Core or Essential), language (KIS or KSL) and
      the date the choice counts from. Each row adds to the learner's history; nothing is saved
      until you press Import.
    </>
  ),
  endpoint: '/senior/choices/import/',
  previewEndpoint: '/senior/choices/import/?preview=true',
  rowTitle: { header: 'Admission number', of: (r) => r.values.admission_number ?? '' },
  details: [
    { column: 'pathway', header: 'Pathway', missing: 'No pathway' },
    { column: 'combination', header: 'Combination', missing: 'No combination' },
    { column: 'mathematics', header: 'Mathematics', missing: '' },
    { column: 'from', header: 'From', missing: '' },
  ],
} satisfies Omit<CsvImportSetup<ChoiceCsvColumn, ChoiceImportResult>, 'onImported'>;

function ChoiceImport() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onImported = async (result: ChoiceImportResult) => {
    await queryClient.invalidateQueries({ queryKey: ['senior'] });
    toast({
      title: 'Choices imported',
      description: CHOICE_IMPORT_MESSAGES.imported(result.imported),
    });
    navigate('/classes');
  };
  return (
    <div className="space-y-5">
      <PageHeader title="Import subject choices" breadcrumb={BREADCRUMB} />
      <CsvImportWizard<ChoiceCsvColumn, ChoiceImportResult> setup={{ ...SETUP, onImported }} />
    </div>
  );
}
