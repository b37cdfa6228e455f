import {
  REQUIRED_STUDENT_CSV_COLUMNS,
  STUDENT_CSV_COLUMNS,
  STUDENT_CSV_LABELS,
  type StudentCsvColumn,
} from '@shule/shared/student-columns';
import {
  importedMessage,
  MAX_IMPORT_BYTES,
  type StudentImportPreview,
  type StudentImportResult,
  type StudentImportRow,
} from '@shule/shared/student-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, FileUp, Upload } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { AdminOnlyPage } from '../../components/admin-only';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { CardsOrTable } from '../../components/ui/data-table';
import { Select } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { downloadCsv, toCsv } from '../../lib/csv';
import {
  autoMapping,
  decodeSpreadsheet,
  type HeaderMapping,
  readStudentFile,
  rewriteFile,
  type StudentFile,
} from './student-file';

const BREADCRUMB = [{ label: 'Students', to: '/students' }, { label: 'Import' }];

const sendFile = <T,>(path: string, csv: string) => {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'students.csv');
  return api.post<T>(path, form);
};

/** A preview row with the line of the person's own file. */
type PreviewRow = StudentImportRow & { line: number };

/**
 * Import students from a CSV (decision 021): choose a file, say what each of its columns is,
 * see every row's problems in words, then import every row (or the rows without problems) at
 * once. Nothing is written before Import.
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

function StudentImport() {
  const [file, setFile] = useState<StudentFile | null>(null);
  const [mapping, setMapping] = useState<HeaderMapping>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ answer: StudentImportPreview; rows: PreviewRow[] }>();
  const [skipInvalid, setSkipInvalid] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const check = useMutation({
    mutationFn: async (args: { file: StudentFile; mapping: HeaderMapping }) => {
      const { csv, originalLine } = rewriteFile(args.file, args.mapping);
      const answer = await sendFile<StudentImportPreview>('/students/import/preview/', csv);
      const rows = answer.rows.map((r) => ({ ...r, line: originalLine.get(r.row) ?? r.row }));
      return { answer, rows };
    },
    onSuccess: (result) => {
      setPreview(result);
      setSkipInvalid(false);
    },
  });

  const save = useMutation({
    mutationFn: async () => {
      if (!file || !preview) throw new Error('Choose a file first');
      const invalidLines = new Set(
        preview.rows.filter((r) => Object.keys(r.errors).length > 0).map((r) => r.line),
      );
      const { csv } = rewriteFile(file, mapping, (line) => !invalidLines.has(line));
      return sendFile<StudentImportResult>('/students/import/', csv);
    },
    onSuccess: async (result) => {
      toast({ title: importedMessage(result.imported) });
      // The lists and the classes' counts (as an admission refreshes them).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['students'] }),
        queryClient.invalidateQueries({ queryKey: ['classes'] }),
      ]);
      navigate('/students');
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

  /** A file chosen: its columns to map; a fixed file whose columns all map is checked at once. */
  const choose = async (event: ChangeEvent<HTMLInputElement>, checkAtOnce = false) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setPreview(undefined);
    check.reset();
    if (chosen.size > MAX_IMPORT_BYTES) {
      setFileError(`${chosen.name} is larger than 2 MB: import it in parts`);
      setFile(null);
      return;
    }
    const read = readStudentFile(chosen.name, decodeSpreadsheet(await chosen.arrayBuffer()));
    if (!read || read.records.length === 0) {
      setFileError(
        `${chosen.name} has no students: the first row names the columns, each row after it is a student`,
      );
      setFile(null);
      return;
    }
    setFileError(null);
    setFile(read);
    const mapped = autoMapping(read.headers);
    setMapping(mapped);
    if (checkAtOnce && REQUIRED_STUDENT_CSV_COLUMNS.every((c) => mapped.includes(c)))
      check.mutate({ file: read, mapping: mapped });
  };

  const startAgain = () => {
    setFile(null);
    setPreview(undefined);
    check.reset();
  };

  return (
    <div className="space-y-5">
      <PageHeader title="Import students" breadcrumb={BREADCRUMB} />
      {!file ? (
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
          skipInvalid={skipInvalid}
          onSkipInvalid={setSkipInvalid}
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
  // The input inside its label: the label shows the keyboard focus of the hidden input.
  return (
    <label
      className={cn(
        variant === 'primary'
          ? 'bg-primary text-primary-foreground hover:bg-primary-hover'
          : 'border border-input bg-background hover:bg-muted',
        'inline-flex h-10 cursor-pointer items-center gap-2 rounded-md px-4 text-sm font-medium focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2',
      )}
    >
      <input type="file" accept=".csv,text/csv" className="sr-only" onChange={onChoose} />
      <FileUp className="h-4 w-4" aria-hidden="true" />
      {label}
    </label>
  );
}

const downloadTemplate = () =>
  downloadCsv('students-template.csv', `${toCsv(STUDENT_CSV_COLUMNS, [])}\r\n`);

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
          One student a row, with their class and a parent's phone. Save a spreadsheet as CSV
          (Excel: File, Save As, CSV UTF-8). Dates may be written 14/03/2012 or 2012-03-14; classes
          must exist already. Nothing is saved until you press Import.
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
  file: StudentFile;
  mapping: HeaderMapping;
  onChange: (mapping: HeaderMapping) => void;
  onCheck: () => void;
  onChooseAnother: () => void;
  checking: boolean;
  error: string | null;
}) {
  const missing = REQUIRED_STUDENT_CSV_COLUMNS.filter((c) => !mapping.includes(c));
  const setColumn = (i: number, column: StudentCsvColumn | '') =>
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
                onChange={(e) => setColumn(i, e.target.value as StudentCsvColumn | '')}
                className="sm:max-w-72"
              >
                <option value="">Ignore this column</option>
                {STUDENT_CSV_COLUMNS.map((c) => (
                  <option key={c} value={c}>
                    {STUDENT_CSV_LABELS[c]}
                  </option>
                ))}
              </Select>
            </li>
          ))}
        </ul>
        {missing.length > 0 ? (
          <Alert tone="error">
            Choose a column for: {missing.map((c) => STUDENT_CSV_LABELS[c]).join(', ')}.
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

const hasProblems = (row: StudentImportRow): boolean => Object.keys(row.errors).length > 0;

function Problems({ row }: { row: StudentImportRow }) {
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

const nameOf = (row: StudentImportRow) =>
  [row.values.first_name, row.values.last_name].filter(Boolean).join(' ') || '—';

function PreviewStep({
  fileName,
  answer,
  rows,
  skipInvalid,
  onSkipInvalid,
  onChooseFixed,
  onBack,
  onImport,
  importing,
}: {
  fileName: string;
  answer: StudentImportPreview;
  rows: PreviewRow[];
  skipInvalid: boolean;
  onSkipInvalid: (skip: boolean) => void;
  onChooseFixed: (event: ChangeEvent<HTMLInputElement>) => void;
  onBack: () => void;
  onImport: () => void;
  importing: boolean;
}) {
  const [onlyProblems, setOnlyProblems] = useState(answer.invalid > 0);
  const shown = onlyProblems ? rows.filter(hasProblems) : rows;
  const importable = answer.invalid > 0 && !skipInvalid ? 0 : answer.valid;
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
          <div className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm">
            <p>
              Fix the rows with problems in your spreadsheet and choose the fixed file, or skip them
              and import the others.
            </p>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={skipInvalid}
                onChange={(e) => onSkipInvalid(e.target.checked)}
                disabled={answer.valid === 0}
              />
              Skip rows with problems ({answer.invalid})
            </label>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button onClick={onImport} disabled={importable === 0 || importing}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            {importing
              ? 'Importing…'
              : `Import ${importable} ${importable === 1 ? 'student' : 'students'}`}
          </Button>
          <FilePicker label="Choose a fixed file" onChoose={onChooseFixed} variant="outline" />
          <Button variant="ghost" onClick={onBack}>
            Back to the columns
          </Button>
        </div>
        {rows.length > 0 ? (
          <>
            {answer.invalid > 0 && answer.valid > 0 ? (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={onlyProblems}
                  onChange={(e) => setOnlyProblems(e.target.checked)}
                />
                Show only rows with problems
              </label>
            ) : null}
            <CardsOrTable<PreviewRow>
              label="Rows of the file"
              rows={shown}
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
                    {r.values.class || 'No class'} · {r.values.parent_phone || 'No phone'}
                  </p>
                  <div className="mt-2">
                    <Problems row={r} />
                  </div>
                </div>
              )}
              columns={[
                { header: 'Row', cell: (r) => r.line, className: 'tabular-nums' },
                { header: 'Name', cell: nameOf, className: 'font-medium' },
                { header: 'Class', cell: (r) => r.values.class },
                { header: 'Parent phone', cell: (r) => r.values.parent_phone },
                { header: 'Problems', cell: (r) => <Problems row={r} /> },
              ]}
            />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
