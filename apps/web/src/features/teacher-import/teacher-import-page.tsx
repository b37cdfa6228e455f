import { type CsvRow, parseCsv } from '@shule/shared/csv';
import {
  MAX_TEACHER_IMPORT_BYTES,
  ONE_TIME_PASSWORDS_FILENAME,
  oneTimePasswordsCsv,
  REQUIRED_TEACHER_CSV_COLUMNS,
  TEACHER_CSV_COLUMNS,
  TEACHER_CSV_LABELS,
  type TeacherCsvColumn,
  type TeacherImportPreview,
  type TeacherImportResult,
  type TeacherImportRow,
  teacherColumnOfHeader,
  teachersImportedMessage,
} from '@shule/shared/teacher-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, FileUp, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { AdminOnlyPage } from '../../components/admin-only';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { CardsOrTable } from '../../components/ui/data-table';
import { Select } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api-client';
import { downloadCsv, toCsv } from '../../lib/csv';

const BREADCRUMB = [{ label: 'Teachers', to: '/teachers' }, { label: 'Import' }];

/** A file as chosen: its header cells and its non-empty rows after them. */
interface TeacherFile {
  name: string;
  headers: string[];
  records: CsvRow[];
}
/** The template column each header of the file stands for ('' ignored), by position. */
type Mapping = (TeacherCsvColumn | '')[];

function readTeacherFile(name: string, text: string): TeacherFile | null {
  const [header, ...records] = parseCsv(text).filter((r) => r.cells.some((c) => c.trim()));
  return header ? { name, headers: header.cells, records } : null;
}

const autoMapping = (headers: string[]): Mapping => {
  const taken = new Set<TeacherCsvColumn>();
  return headers.map((h) => {
    const column = teacherColumnOfHeader(h);
    if (!column || taken.has(column)) return '';
    taken.add(column);
    return column;
  });
};

/** The file in the template's columns, as the API reads it; row n + 2 is the file's record n. */
const rewrite = (file: TeacherFile, mapping: Mapping) =>
  `${toCsv(
    TEACHER_CSV_COLUMNS,
    file.records.map((r) =>
      TEACHER_CSV_COLUMNS.map((c) => {
        const at = mapping.indexOf(c);
        return at === -1 ? '' : (r.cells[at] ?? '');
      }),
    ),
  )}\r\n`;

const sendFile = <T,>(path: string, csv: string) => {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'teachers.csv');
  return api.post<T>(path, form);
};

type PreviewRow = TeacherImportRow & { line: number };

/**
 * Import teachers from a CSV: choose a file, say what its columns are, see each row's problems,
 * import every row at once, then download the one-time passwords, shown this once only.
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

function TeacherImport() {
  const [file, setFile] = useState<TeacherFile | null>(null);
  const [mapping, setMapping] = useState<Mapping>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ answer: TeacherImportPreview; rows: PreviewRow[] }>();
  const [imported, setImported] = useState<TeacherImportResult | null>(null);
  const queryClient = useQueryClient();

  const check = useMutation({
    mutationFn: async (args: { file: TeacherFile; mapping: Mapping }) => {
      const answer = await sendFile<TeacherImportPreview>(
        '/teachers/import/preview/',
        rewrite(args.file, args.mapping),
      );
      const rows = answer.rows.map((r) => ({
        ...r,
        line: args.file.records[r.row - 2]?.line ?? r.row,
      }));
      return { answer, rows };
    },
    onSuccess: setPreview,
  });

  const save = useMutation({
    mutationFn: async () => {
      if (!file) throw new Error('Choose a file first');
      return sendFile<TeacherImportResult>('/teachers/import/', rewrite(file, mapping));
    },
    onSuccess: async (result) => {
      setImported(result);
      toast({ title: teachersImportedMessage(result.imported) });
      await queryClient.invalidateQueries({ queryKey: ['teachers'] });
    },
    onError: (err) => {
      toast({
        title: 'Nothing was imported',
        description: errorMessage(err),
        variant: 'destructive',
      });
      if (file) check.mutate({ file, mapping });
    },
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>, checkAtOnce = false) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setPreview(undefined);
    check.reset();
    if (chosen.size > MAX_TEACHER_IMPORT_BYTES) {
      setFileError(`${chosen.name} is larger than 512 KB: import it in parts`);
      setFile(null);
      return;
    }
    const read = readTeacherFile(chosen.name, await chosen.text());
    if (!read || read.records.length === 0) {
      setFileError(
        `${chosen.name} has no teachers: the first row names the columns, each row after it is a teacher`,
      );
      setFile(null);
      return;
    }
    setFileError(null);
    // A fixed file with the same columns keeps the columns as the person mapped them.
    const sameColumns = file?.headers.join('\u0000') === read.headers.join('\u0000');
    setFile(read);
    const mapped = sameColumns ? mapping : autoMapping(read.headers);
    setMapping(mapped);
    if (checkAtOnce && REQUIRED_TEACHER_CSV_COLUMNS.every((c) => mapped.includes(c)))
      check.mutate({ file: read, mapping: mapped });
  };

  const startAgain = () => {
    setFile(null);
    setPreview(undefined);
    check.reset();
  };

  return (
    <div className="space-y-5">
      <PageHeader title="Import teachers" breadcrumb={BREADCRUMB} />
      {imported ? (
        <DoneStep result={imported} />
      ) : !file ? (
        <ChooseStep onChoose={choose} error={fileError} />
      ) : !preview ? (
        <MapStep
          file={file}
          mapping={mapping}
          onChange={setMapping}
          onCheck={() => check.mutate({ file, mapping })}
          onChooseAnother={startAgain}
          checking={check.isPending}
          error={check.error ? errorMessage(check.error) : null}
        />
      ) : (
        <PreviewStep
          fileName={file.name}
          answer={preview.answer}
          rows={preview.rows}
          onChooseFixed={(event) => choose(event, true)}
          onBack={() => setPreview(undefined)}
          onImport={() => save.mutate()}
          importing={save.isPending}
        />
      )}
    </div>
  );
}

function FilePicker({
  label,
  onChoose,
  variant = 'primary',
}: {
  label: string;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  variant?: 'primary' | 'outline';
}) {
  const id = useId();
  return (
    <>
      <input id={id} type="file" accept=".csv,text/csv" className="sr-only" onChange={onChoose} />
      <label
        htmlFor={id}
        className={
          variant === 'primary'
            ? 'inline-flex h-10 cursor-pointer items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary-hover focus-within:ring-2'
            : 'inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium hover:bg-muted'
        }
      >
        <FileUp className="h-4 w-4" aria-hidden="true" />
        {label}
      </label>
    </>
  );
}

const downloadTemplate = () =>
  downloadCsv('teachers-template.csv', `${toCsv(TEACHER_CSV_COLUMNS, [])}\r\n`);

function ChooseStep({
  onChoose,
  error,
}: {
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | null;
}) {
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <h2 className="text-lg font-semibold">1. Choose a CSV file</h2>
        <p className="text-sm text-muted-foreground">
          One teacher a row: first and last name, phone number (their login), TSC number and, if you
          have it, email. Save a spreadsheet as CSV (Excel: File, Save As, CSV UTF-8). Nothing is
          saved until you press Import.
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-wrap items-center gap-3">
          <FilePicker label="Choose file" onChoose={onChoose} />
          <Button variant="link" onClick={downloadTemplate}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Download template
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function MapStep({
  file,
  mapping,
  onChange,
  onCheck,
  onChooseAnother,
  checking,
  error,
}: {
  file: TeacherFile;
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
  onCheck: () => void;
  onChooseAnother: () => void;
  checking: boolean;
  error: string | null;
}) {
  const missing = REQUIRED_TEACHER_CSV_COLUMNS.filter((c) => !mapping.includes(c));
  const setColumn = (i: number, column: TeacherCsvColumn | '') =>
    onChange(mapping.map((m, j) => (j === i ? column : m === column && column !== '' ? '' : m)));
  const sample = file.records[0]?.cells ?? [];
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <h2 className="text-lg font-semibold">2. What is each column?</h2>
        <p className="text-sm text-muted-foreground">
          {file.name}: {file.records.length} {file.records.length === 1 ? 'row' : 'rows'}. Columns
          named as in the template are matched already.
        </p>
        <ul className="divide-y rounded-lg border" aria-label="Columns of the file">
          {file.headers.map((header, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a header's position is what it is.
              key={i}
              className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium">{header || `Column ${i + 1}`}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {sample[i] ? `e.g. ${sample[i]}` : 'empty in the first row'}
                </p>
              </div>
              <Select
                aria-label={`Column ${header || i + 1} is`}
                value={mapping[i] ?? ''}
                onChange={(e) => setColumn(i, e.target.value as TeacherCsvColumn | '')}
                className="sm:max-w-72"
              >
                <option value="">Ignore this column</option>
                {TEACHER_CSV_COLUMNS.map((c) => (
                  <option key={c} value={c}>
                    {TEACHER_CSV_LABELS[c]}
                  </option>
                ))}
              </Select>
            </li>
          ))}
        </ul>
        {missing.length > 0 ? (
          <Alert tone="error">
            Choose a column for: {missing.map((c) => TEACHER_CSV_LABELS[c]).join(', ')}.
          </Alert>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Button onClick={onCheck} disabled={missing.length > 0 || checking}>
            {checking ? 'Checking…' : 'Check the rows'}
          </Button>
          <Button variant="outline" onClick={onChooseAnother}>
            Choose another file
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

const hasProblems = (row: TeacherImportRow) => Object.keys(row.errors).length > 0;

function Problems({ row }: { row: TeacherImportRow }) {
  const messages = Object.values(row.errors).flat();
  if (messages.length === 0) return <Badge tone="green">Ready</Badge>;
  return (
    <ul className="space-y-0.5 text-sm text-destructive">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

const nameOf = (row: TeacherImportRow) =>
  [row.values.first_name, row.values.last_name].filter(Boolean).join(' ') || '—';

function PreviewStep({
  fileName,
  answer,
  rows,
  onChooseFixed,
  onBack,
  onImport,
  importing,
}: {
  fileName: string;
  answer: TeacherImportPreview;
  rows: PreviewRow[];
  onChooseFixed: (event: ChangeEvent<HTMLInputElement>) => void;
  onBack: () => void;
  onImport: () => void;
  importing: boolean;
}) {
  const ready = answer.file_errors.length === 0 && answer.invalid === 0 ? answer.valid : 0;
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <h2 className="text-lg font-semibold">3. Check and import</h2>
        {answer.file_errors.length > 0 ? (
          <Alert tone="error">{answer.file_errors.join(' ')}</Alert>
        ) : (
          <p className="text-sm" aria-live="polite">
            {fileName}: <strong>{answer.valid}</strong> ready,{' '}
            <strong className={answer.invalid > 0 ? 'text-destructive' : undefined}>
              {answer.invalid}
            </strong>{' '}
            with problems.
          </p>
        )}
        {answer.invalid > 0 ? (
          <Alert tone="error">
            Fix the rows with problems in your spreadsheet and choose the fixed file: teachers are
            imported all together or not at all.
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button onClick={onImport} disabled={ready === 0 || importing}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            {importing ? 'Importing…' : `Import ${ready} ${ready === 1 ? 'teacher' : 'teachers'}`}
          </Button>
          <FilePicker label="Choose a fixed file" onChoose={onChooseFixed} variant="outline" />
          <Button variant="ghost" onClick={onBack}>
            Back to the columns
          </Button>
        </div>
        {rows.length > 0 ? (
          <CardsOrTable<PreviewRow>
            label="Rows of the file"
            rows={rows}
            rowKey={(r) => r.line}
            rowProps={(r) => ({
              'data-testid': `import-row-${r.line}`,
              className: hasProblems(r) ? 'bg-red-50/60' : undefined,
            })}
            card={(r) => (
              <div
                data-testid={`import-card-${r.line}`}
                className={
                  hasProblems(r)
                    ? 'rounded-lg border border-red-200 bg-red-50/60 p-3'
                    : 'rounded-lg border p-3'
                }
              >
                <div className="flex items-baseline justify-between gap-2">
                  <p className="font-medium">{nameOf(r)}</p>
                  <span className="text-xs text-muted-foreground">Row {r.line}</span>
                </div>
                <p className="text-sm text-muted-foreground">
                  {r.values.phone_number || 'No phone'} · {r.values.tsc_number || 'No TSC number'}
                </p>
                <div className="mt-2">
                  <Problems row={r} />
                </div>
              </div>
            )}
            columns={[
              { header: 'Row', cell: (r) => r.line, className: 'tabular-nums' },
              { header: 'Name', cell: nameOf, className: 'font-medium' },
              { header: 'Phone', cell: (r) => r.values.phone_number },
              { header: 'TSC number', cell: (r) => r.values.tsc_number },
              { header: 'Problems', cell: (r) => <Problems row={r} /> },
            ]}
          />
        ) : null}
      </CardContent>
    </Card>
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
        <h2 className="text-lg font-semibold">{teachersImportedMessage(result.imported)}</h2>
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
              Already had a Shule account, now linked to your school: they log in with their own
              password (no one-time password was made).
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
