import {
  MAX_STRAND_IMPORT_BYTES,
  STRAND_CSV_COLUMNS,
  STRAND_CSV_LABELS,
  STRAND_IMPORT_MESSAGES,
  type StrandCsvColumn,
  type StrandImportResult,
  strandColumnOfHeader,
} from '@shule/shared/cbc';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { AdminOnlyPage } from '../../components/admin-only';
import {
  type CsvImportSetup,
  CsvImportWizard,
} from '../../components/csv-import/csv-import-wizard';
import { PageHeader } from '../../components/ui/page-header';
import { toast } from '../../components/ui/toast';

const SETUP = {
  noun: { one: 'strand', many: 'strands' },
  columns: STRAND_CSV_COLUMNS,
  required: ['learning_area', 'grade', 'strand'],
  labels: STRAND_CSV_LABELS,
  columnOfHeader: strandColumnOfHeader,
  messages: STRAND_IMPORT_MESSAGES,
  maxBytes: MAX_STRAND_IMPORT_BYTES,
  intro: (
    <>
      One strand or sub-strand a row: its learning area, its grade (Grade 7, or 7), the strand and,
      if it has one, the sub-strand, as in KICD's curriculum designs. The learning areas must exist
      first. A file can be imported again: strands already in Shule are left as they are.
    </>
  ),
  endpoint: '/cbc/strands/import/',
  rowTitle: { header: 'Strand', of: (row) => row.values.strand || '—' },
  details: [
    { column: 'learning_area', header: 'Learning area', missing: 'No learning area' },
    { column: 'grade', header: 'Grade', missing: 'No grade' },
    { column: 'sub_strand', header: 'Sub-strand', missing: '—' },
  ],
} satisfies Omit<CsvImportSetup<StrandCsvColumn, StrandImportResult>, 'onImported'>;

/** Import strands from a CSV, then back to the level's learning areas. */
export function StrandImportPage() {
  const levelId = useParams().id;
  const breadcrumb = [
    { label: 'Classes', to: '/classes' },
    { label: 'Learning areas', to: `/levels/${levelId}` },
    { label: 'Import strands' },
  ];
  return (
    <AdminOnlyPage
      title="Import strands"
      hint="Ask an administrator of your school to import strands."
      breadcrumb={breadcrumb}
      className="mx-auto max-w-5xl"
    >
      <div className="space-y-5">
        <PageHeader title="Import strands" breadcrumb={breadcrumb} />
        <StrandImport levelId={levelId} />
      </div>
    </AdminOnlyPage>
  );
}

function StrandImport({ levelId }: { levelId: string | undefined }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onImported = async (result: StrandImportResult) => {
    await queryClient.invalidateQueries({ queryKey: ['cbc'] });
    toast({
      title: STRAND_IMPORT_MESSAGES.imported(result.imported),
      description: result.already > 0 ? `${result.already} were already in Shule` : undefined,
      variant: 'success',
    });
    navigate(`/levels/${levelId}`);
  };
  return <CsvImportWizard<StrandCsvColumn, StrandImportResult> setup={{ ...SETUP, onImported }} />;
}
