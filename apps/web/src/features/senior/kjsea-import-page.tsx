import {
  KJSEA_CSV_COLUMNS,
  KJSEA_CSV_LABELS,
  KJSEA_MESSAGES,
  KJSEA_REQUIRED_COLUMNS,
  type KjseaCsvColumn,
  kjseaColumnOfHeader,
  MAX_KJSEA_IMPORT_BYTES,
} from '@shule/shared/kjsea';
import { isSeniorLevel } from '@shule/shared/senior';
import { useQueryClient } from '@tanstack/react-query';
import { AdminOnlyPage } from '../../components/admin-only';
import {
  type CsvImportSetup,
  CsvImportWizard,
} from '../../components/csv-import/csv-import-wizard';
import { PageHeader } from '../../components/ui/page-header';
import { useLevels } from '../../lib/queries/levels';
import { EntryListButton } from './entry-list-button';

const BREADCRUMB = [{ label: 'Students', to: '/students' }, { label: 'KJSEA results' }];
type KjseaImportResult = { imported: number };

/** Import the entrants' KJSEA results from a CSV, and download each senior level's entry list. */
export function KjseaImportPage() {
  return (
    <AdminOnlyPage
      title="KJSEA results"
      hint="Ask an administrator of your school to import KJSEA results."
      breadcrumb={BREADCRUMB}
      className="mx-auto max-w-6xl"
    >
      <KjseaImport />
    </AdminOnlyPage>
  );
}

const SETUP = {
  noun: { one: 'learner', many: 'learners' },
  columns: KJSEA_CSV_COLUMNS,
  required: KJSEA_REQUIRED_COLUMNS,
  labels: KJSEA_CSV_LABELS,
  columnOfHeader: kjseaColumnOfHeader,
  messages: KJSEA_MESSAGES,
  maxBytes: MAX_KJSEA_IMPORT_BYTES,
  intro: (
    <>
      One learner a row: their admission number or Assessment Number, the junior school if you have
      it, and the level (EE1 to BE2) of each of the nine learning areas, a column each. A learner's
      earlier result is replaced. Nothing is saved until you press Import.
    </>
  ),
  endpoint: '/senior/kjsea/import/',
  previewEndpoint: '/senior/kjsea/import/?preview=true',
  details: [
    { column: 'assessment_number', header: 'Assessment Number', missing: 'No Assessment Number' },
    { column: 'junior_school', header: 'Junior school', missing: 'No junior school' },
  ],
  rowTitle: {
    header: 'Learner',
    of: (row) => row.values.admission_number || row.values.assessment_number || '',
  },
} satisfies Omit<CsvImportSetup<KjseaCsvColumn, KjseaImportResult>, 'onImported'>;

function KjseaImport() {
  const queryClient = useQueryClient();
  const levels = useLevels();
  const senior = (levels.data ?? []).filter((l) => isSeniorLevel(l.name));
  const onImported = () => queryClient.invalidateQueries({ queryKey: ['students'] });
  return (
    <div className="space-y-5">
      <PageHeader title="KJSEA results" breadcrumb={BREADCRUMB} />
      <p className="text-sm text-muted-foreground">
        The entrants' junior-school results, the baseline of their senior-school results. Each
        learner's page shows theirs, where it can be recorded one learner at a time.
      </p>
      {senior.length > 0 ? (
        <section aria-labelledby="entry-lists" className="space-y-2">
          <h2 id="entry-lists" className="text-sm font-semibold">
            KNEC entry lists
          </h2>
          <div className="flex flex-wrap gap-2">
            {senior.map((l) => (
              <EntryListButton key={l.id} level={l.name} />
            ))}
          </div>
        </section>
      ) : null}
      <CsvImportWizard<KjseaCsvColumn, KjseaImportResult> setup={{ ...SETUP, onImported }} />
    </div>
  );
}
