import type {
  CsvImportMessages,
  CsvImportPreview,
  CsvImportRowAnswer,
  FullNameColumns,
} from '@shule/shared/csv-import';
import { NAME_ORDER_LABELS, NAME_ORDERS, type NameOrder } from '@shule/shared/full-name';
import { useMutation } from '@tanstack/react-query';
import { Download, FileUp, Upload } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { api, errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { downloadCsv, toCsv } from '../../lib/csv';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { CardsOrTable } from '../ui/data-table';
import { Select } from '../ui/input';
import { toast } from '../ui/toast';
import {
  autoMapping,
  decodeSpreadsheet,
  type HeaderMapping,
  type ImportFile,
  readImportFile,
  rewriteFile,
} from './csv-file';

/** What one CSV import is: its template's columns, its endpoints, what a row shows. */
export interface CsvImportSetup<
  C extends string,
  R extends { imported: number },
  P extends CsvImportPreview = CsvImportPreview,
> {
  /** What a row is: "student", "students". */
  noun: { one: string; many: string };
  /** The columns a file's columns map onto (the server reads these). */
  columns: readonly C[];
  /** The template's columns, when fewer than `columns` (not the whole-name ones). */
  templateColumns?: readonly C[];
  required: readonly C[];
  /** The labels of the required columns a mapping lacks (the server's rule); else `required`'s. */
  missingLabels?: (present: ReadonlySet<C>) => string[];
  /**
   * Whole-name columns split by a name order the person chooses (sent as `name_order`); the
   * check step shows each split under `shownAs` ("Parent"), or in the row's Name when null.
   */
  fullNames?: readonly (FullNameColumns<C> & { shownAs: string | null })[];
  labels: Record<C, string>;
  columnOfHeader: (header: string) => C | undefined;
  messages: CsvImportMessages;
  maxBytes: number;
  /** The first step's words: what a row holds, how to save the file. */
  intro: ReactNode;
  /** POST <endpoint> imports, POST <endpoint>preview/ checks. */
  endpoint: string;
  /** Where the check is posted when it is not <endpoint>preview/. */
  previewEndpoint?: string;
  /** The columns a preview row shows besides its line and name; a card shows them in a line. */
  details: readonly {
    column: C;
    header: string;
    missing: string;
    /** The cell as the row shows it (a consent word read: "Yes" is "Granted"). */
    format?: (text: string) => string;
  }[];
  /** After the import: refresh what it changed, and go on (unless `resultView` shows the result). */
  onImported: (result: R) => Promise<void> | void;
  /** A step after the import, for a result to see once (the teachers' passwords). */
  resultView?: (result: R) => ReactNode;
  /** What names a row in the check step, when it is not a person's name (a strand). */
  rowTitle?: { header: string; of: (row: CsvImportRowAnswer) => string };
  /** What the check step says of the file besides its counts (the parents without SMS). */
  summary?: (answer: P) => ReactNode;
}

/** A preview row with the line of the person's own file. */
type PreviewRow = CsvImportRowAnswer & { line: number };

const sizeInWords = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;

/**
 * A CSV import (decision 021): choose a file, say what each of its columns is, see every row's
 * problems in words next to the row, then import every row (or the rows without problems, the
 * others skipped) at once. Nothing is written before Import.
 */
export function CsvImportWizard<
  C extends string,
  R extends { imported: number },
  P extends CsvImportPreview = CsvImportPreview,
>({ setup }: { setup: CsvImportSetup<C, R, P> }) {
  const [file, setFile] = useState<ImportFile | null>(null);
  const [mapping, setMapping] = useState<HeaderMapping<C>>([]);
  const [nameOrder, setNameOrder] = useState<NameOrder>('surname_last');
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ answer: P; rows: PreviewRow[] }>();
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [imported, setImported] = useState<R | null>(null);

  const sendFile = <T,>(path: string, csv: string) => {
    const form = new FormData();
    if (setup.fullNames) form.append('name_order', nameOrder);
    form.append('file', new Blob([csv], { type: 'text/csv' }), `${setup.noun.many}.csv`);
    return api.post<T>(path, form);
  };

  const check = useMutation({
    mutationFn: async (args: { file: ImportFile; mapping: HeaderMapping<C> }) => {
      const { csv, originalLine } = rewriteFile(args.file, setup.columns, args.mapping);
      const answer = await sendFile<P>(setup.previewEndpoint ?? `${setup.endpoint}preview/`, csv);
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
      const invalidLines = new Set(preview.rows.filter(hasProblems).map((r) => r.line));
      const { csv } = rewriteFile(file, setup.columns, mapping, (line) => !invalidLines.has(line));
      return sendFile<R>(setup.endpoint, csv);
    },
    onSuccess: async (result) => {
      toast({ title: setup.messages.imported(result.imported) });
      if (setup.resultView) setImported(result);
      await setup.onImported(result);
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
    if (chosen.size > setup.maxBytes) {
      setFileError(
        `${chosen.name} is larger than ${sizeInWords(setup.maxBytes)}: import it in parts`,
      );
      setFile(null);
      return;
    }
    const read = readImportFile(chosen.name, decodeSpreadsheet(await chosen.arrayBuffer()));
    if (!read || read.records.length === 0) {
      setFileError(setup.messages.noRowsIn(chosen.name));
      setFile(null);
      return;
    }
    setFileError(null);
    // A fixed file with the same columns keeps the columns as the person mapped them.
    const sameColumns = file?.headers.join('\u0000') === read.headers.join('\u0000');
    setFile(read);
    const mapped = sameColumns ? mapping : autoMapping(read.headers, setup.columnOfHeader);
    setMapping(mapped);
    if (checkAtOnce && missingOf(setup, mapped).length === 0)
      check.mutate({ file: read, mapping: mapped });
  };

  const startAgain = () => {
    setFile(null);
    setPreview(undefined);
    check.reset();
  };

  if (imported && setup.resultView) return setup.resultView(imported);
  if (!file) return <ChooseStep setup={setup} onChoose={choose} error={fileError} />;
  if (!preview)
    return (
      <MapStep
        setup={setup}
        file={file}
        mapping={mapping}
        onChange={setMapping}
        nameOrder={nameOrder}
        onNameOrder={setNameOrder}
        onCheck={() => check.mutate({ file, mapping })}
        onChooseAnother={startAgain}
        checking={check.isPending}
        error={check.error ? errorMessage(check.error) : null}
      />
    );
  return (
    <PreviewStep
      setup={setup}
      mapping={mapping}
      nameOrder={nameOrder}
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

/** A step reads the setup's columns and words, never its result. */
interface StepProps<C extends string, P extends CsvImportPreview = CsvImportPreview> {
  setup: CsvImportSetup<C, never, P>;
}

/** The labels of the required columns a mapping lacks. */
function missingOf<C extends string>(
  setup: Pick<CsvImportSetup<C, never>, 'required' | 'labels' | 'missingLabels'>,
  mapping: HeaderMapping<C>,
): string[] {
  const present = new Set(mapping.filter((m): m is C => m !== ''));
  return setup.missingLabels
    ? setup.missingLabels(present)
    : setup.required.filter((c) => !present.has(c)).map((c) => setup.labels[c]);
}

/** The whole-name columns of the setup that the mapping uses. */
const mappedFullNames = <C extends string>(
  setup: Pick<CsvImportSetup<C, never>, 'fullNames'>,
  mapping: HeaderMapping<C>,
) => (setup.fullNames ?? []).filter((f) => mapping.includes(f.column));

function ChooseStep<C extends string, P extends CsvImportPreview>({
  setup,
  onChoose,
  error,
}: StepProps<C, P> & {
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | null;
}) {
  const downloadTemplate = () =>
    downloadCsv(
      `${setup.noun.many}-template.csv`,
      `${toCsv(setup.templateColumns ?? setup.columns, [])}\r\n`,
    );
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <h2 className="text-lg font-semibold">1. Choose a CSV file</h2>
        <p className="text-sm text-muted-foreground">{setup.intro}</p>
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

function MapStep<C extends string, P extends CsvImportPreview>({
  setup,
  file,
  mapping,
  onChange,
  nameOrder,
  onNameOrder,
  onCheck,
  onChooseAnother,
  checking,
  error,
}: StepProps<C, P> & {
  file: ImportFile;
  mapping: HeaderMapping<C>;
  onChange: (mapping: HeaderMapping<C>) => void;
  nameOrder: NameOrder;
  onNameOrder: (order: NameOrder) => void;
  onCheck: () => void;
  onChooseAnother: () => void;
  checking: boolean;
  error: string | null;
}) {
  const missing = missingOf(setup, mapping);
  const fullNames = mappedFullNames(setup, mapping);
  const setColumn = (i: number, column: C | '') =>
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
                onChange={(e) => setColumn(i, e.target.value as C | '')}
                className="sm:max-w-72"
              >
                <option value="">Ignore this column</option>
                {setup.columns.map((c) => (
                  <option key={c} value={c}>
                    {setup.labels[c]}
                  </option>
                ))}
              </Select>
            </li>
          ))}
        </ul>
        {fullNames.length > 0 ? (
          <fieldset className="space-y-2 rounded-lg border p-4">
            <legend className="px-1 text-sm font-medium">
              In {fullNames.map((f) => setup.labels[f.column]).join(' and ')}
            </legend>
            {NAME_ORDERS.map((order) => (
              <label key={order} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="name-order"
                  value={order}
                  checked={nameOrder === order}
                  onChange={() => onNameOrder(order)}
                />
                {NAME_ORDER_LABELS[order]}
              </label>
            ))}
            <p className="text-xs text-muted-foreground">
              The other words are the other names. The next step shows how each name was split.
            </p>
          </fieldset>
        ) : null}
        {missing.length > 0 ? (
          <Alert tone="error">Choose a column for: {missing.join(', ')}.</Alert>
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

const hasProblems = (row: CsvImportRowAnswer): boolean => Object.keys(row.errors).length > 0;

function Problems({ row }: { row: CsvImportRowAnswer }) {
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

const nameOf = (row: CsvImportRowAnswer) =>
  [row.values.first_name, row.values.last_name].filter(Boolean).join(' ') ||
  row.values.full_name ||
  '—';

/** A whole name as split: the other names, then the surname, each named. */
function SplitName({ first, last }: { first?: string; last?: string }) {
  if (!first && !last) return <span className="text-muted-foreground">—</span>;
  return (
    <span>
      <span className="text-xs text-muted-foreground">Other names </span>
      {first}
      <span className="text-xs text-muted-foreground"> · Surname </span>
      <strong className="font-semibold">{last}</strong>
    </span>
  );
}

function PreviewStep<C extends string, P extends CsvImportPreview>({
  setup,
  mapping,
  nameOrder,
  fileName,
  answer,
  rows,
  skipInvalid,
  onSkipInvalid,
  onChooseFixed,
  onBack,
  onImport,
  importing,
}: StepProps<C, P> & {
  mapping: HeaderMapping<C>;
  nameOrder: NameOrder;
  fileName: string;
  answer: P;
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
  const splits = mappedFullNames(setup, mapping);
  const ownSplit = splits.find((f) => f.shownAs === null);
  const otherSplits = splits.flatMap((f) =>
    f.shownAs === null ? [] : [{ ...f, header: f.shownAs }],
  );
  const titleOf = (r: PreviewRow) => setup.rowTitle?.of(r) ?? nameOf(r);
  const nameCell = (r: PreviewRow) =>
    ownSplit && (r.values[ownSplit.first] || r.values[ownSplit.last]) ? (
      <SplitName first={r.values[ownSplit.first]} last={r.values[ownSplit.last]} />
    ) : (
      titleOf(r)
    );
  const detailText = (d: (typeof setup.details)[number], r: PreviewRow) => {
    const text = r.values[d.column] ?? '';
    return d.format ? d.format(text) : text;
  };
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
        {splits.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            {NAME_ORDER_LABELS[nameOrder]}: each row shows the split.
          </p>
        ) : null}
        {answer.file_errors.length === 0 && setup.summary ? setup.summary(answer) : null}
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
              : `Import ${importable} ${importable === 1 ? setup.noun.one : setup.noun.many}`}
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
                    <p className="font-medium">{titleOf(r)}</p>
                    <span className="text-xs text-muted-foreground">Row {r.line}</span>
                  </div>
                  {splits.map((f) => (
                    <p key={f.column} className="text-sm">
                      {f.shownAs ? (
                        <span className="text-xs text-muted-foreground">{f.shownAs}: </span>
                      ) : null}
                      <SplitName first={r.values[f.first]} last={r.values[f.last]} />
                    </p>
                  ))}
                  <p className="text-sm text-muted-foreground">
                    {setup.details.map((d) => detailText(d, r) || d.missing).join(' · ')}
                  </p>
                  <div className="mt-2">
                    <Problems row={r} />
                  </div>
                </div>
              )}
              columns={[
                { header: 'Row', cell: (r) => r.line, className: 'tabular-nums' },
                {
                  header: setup.rowTitle?.header ?? 'Name',
                  cell: nameCell,
                  className: 'font-medium',
                },
                ...otherSplits.map((f) => ({
                  header: f.header,
                  cell: (r: PreviewRow) => (
                    <SplitName first={r.values[f.first]} last={r.values[f.last]} />
                  ),
                })),
                ...setup.details.map((d) => ({
                  header: d.header,
                  cell: (r: PreviewRow) => detailText(d, r),
                })),
                { header: 'Problems', cell: (r) => <Problems row={r} /> },
              ]}
            />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
