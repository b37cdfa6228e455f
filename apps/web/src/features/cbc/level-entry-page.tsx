import {
  type Assessment,
  type AssessmentSheet,
  levelLabel,
  RUBRIC_BANDS,
  rubricWords,
  STARTING_LEVEL,
} from '@shule/shared/cbc-assessments';
import { formatDate } from '@shule/shared/display-dates';
import { MessageSquare, Users } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { SaveQueueState, SaveRowState } from '../../components/save-queue-state';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { assessmentsPath } from '../../lib/assessments-path';
import { cn } from '../../lib/cn';
import { assessmentName, strandText } from './assessment-names';
import { EntryHistoryButton } from './entry-history';
import {
  type CellStrand,
  cellKey,
  cellsOf,
  type LearnerDraft,
  type LearnerStatus,
  useLevelEntry,
} from './use-level-entry';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/**
 * The level a key gives on a scale: on the four levels E, M, A, B or their points 4-1; on the
 * eight junior levels their points 8 (EE1) to 1 (BE2), or 1 or 2 after the code's letter
 * (`letter`: M then 1 is ME1). Null for any other key.
 */
export function levelOfKey(
  key: string,
  scale: Assessment['scale'],
  letter: string | null = null,
): string | null {
  const bands = RUBRIC_BANDS[scale];
  const k = key.toUpperCase();
  if (scale === 'kjsea' && letter && /^[12]$/.test(k)) {
    return bands.find((b) => b.code === `${letter}E${k}`)?.code ?? null;
  }
  if (scale === 'rubric') {
    const byLetter = bands.find((b) => b.code.startsWith(k) && k.length === 1 && /[EMAB]/.test(k));
    if (byLetter) return byLetter.code;
  }
  return bands.find((b) => String(b.points) === k)?.code ?? null;
}

/** "EE1, EE2 - Exceeding Expectations · ME1, ME2 - …": each scale's codes grouped by words. */
function legendOf(scale: Assessment['scale']) {
  const groups = new Map<string, string[]>();
  for (const b of RUBRIC_BANDS[scale]) {
    const words = rubricWords(b.code);
    groups.set(words, [...(groups.get(words) ?? []), b.code]);
  }
  return [...groups].map(([words, codes]) => `${codes.join(', ')} - ${words}`).join(' · ');
}

/** The screen's key help, in the words of the scale in use. */
const keyHelp = (scale: Assessment['scale']) =>
  scale === 'rubric'
    ? 'Keys: E M A B (or 4 3 2 1) set a level and go to the next learner'
    : 'Keys: 8 to 1 (8 EE1 … 1 BE2), or the code (M 1 is ME1), set a level and go to the next learner';

/**
 * Entering one assessment's levels (/assessments/{id}): the class as a list, a row of level
 * buttons per strand covered (or a mark box for a test), Absent and a comment per learner;
 * saved as the teacher goes and kept in the browser while the connection is down.
 */
export function LevelEntryPage() {
  const id = Number(useParams().id);
  const entry = useLevelEntry(id);
  const sheet = entry.sheet;
  const data = sheet.data;
  const title = data
    ? `${data.assessment.class.name} · ${data.assessment.learning_area.name}`
    : 'Enter levels';
  const breadcrumb = [
    { label: 'Dashboard', to: '/dashboard' },
    ...(data
      ? [
          {
            label: 'Assessments',
            to: assessmentsPath(data.assessment.class.id, data.assessment.learning_area.id),
          },
        ]
      : []),
    { label: data ? assessmentName(data.assessment) : 'Enter levels' },
  ];

  if (sheet.isPending) {
    return (
      <div>
        <PageHeader title={title} breadcrumb={breadcrumb} />
        <SkeletonRows rows={6} />
      </div>
    );
  }
  if (sheet.isError || !data) {
    const err = sheet.error;
    const refused = err instanceof ApiError && [403, 404].includes(err.status);
    return (
      <div>
        <PageHeader title={title} breadcrumb={breadcrumb} />
        {refused ? (
          <EmptyState
            title={err.status === 404 ? 'This assessment does not exist' : err.message}
            action={
              <Link to="/dashboard" className={buttonClass('outline')}>
                Back to dashboard
              </Link>
            }
          />
        ) : (
          <LoadError what="the assessment" error={err} onRetry={sheet.refetch} />
        )}
      </div>
    );
  }
  return <Sheet data={data} entry={entry} title={title} breadcrumb={breadcrumb} />;
}

type Entry = ReturnType<typeof useLevelEntry>;

function Sheet({
  data,
  entry,
  title,
  breadcrumb,
}: {
  data: AssessmentSheet;
  entry: Entry;
  title: string;
  breadcrumb: { label: string; to?: string }[];
}) {
  const a = data.assessment;
  const cells = cellsOf(a);
  const marked = a.out_of !== null;
  const start = STARTING_LEVEL[a.scale];
  const targets = useRef(new Map<string, HTMLElement | null>());
  const focusCell = (row: number, col: number) => {
    const el = targets.current.get(`${row}:${col}`);
    if (el instanceof HTMLInputElement) {
      el.focus();
      el.select();
    } else el?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  };
  const drafts = data.learners.map((l) => entry.draftOf(l.id)!);
  const entered = drafts.filter(
    (d) => d.absent || Object.values(d.cells).every((c) => c.level !== null),
  ).length;

  const setAll = () => {
    const filled = entry.fillEmpty(start);
    toast({
      title: filled === 0 ? 'Nothing to fill' : `Set to ${start}`,
      description:
        filled === 0
          ? 'Every learner present already has a level.'
          : `${plural(filled, 'empty level')} set to ${levelLabel(start)}; levels already entered and absent learners are unchanged.`,
      variant: filled === 0 ? 'default' : 'success',
    });
  };

  return (
    <div>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={
          <Link
            to={assessmentsPath(a.class.id, a.learning_area.id)}
            className={buttonClass('outline', 'sm')}
          >
            All assessments
          </Link>
        }
      />
      <div className="mb-2 max-w-3xl space-y-1 text-sm">
        <p>
          <span className="font-medium">{assessmentName(a)}</span>
          <span className="text-muted-foreground">
            {' '}
            · {formatDate(a.date)}
            {marked ? ` · out of ${a.out_of}` : ''}
          </span>
        </p>
        <p className="text-xs text-muted-foreground" data-testid="level-words">
          {legendOf(a.scale)}
        </p>
      </div>
      <div className="sticky top-0 z-10 -mx-1 mb-3 max-w-3xl space-y-2 bg-background/95 px-1 py-2 backdrop-blur">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="text-muted-foreground" data-testid="entered-count">
            {entered} of {data.learners.length} entered
          </span>
          <SaveQueueState
            unit="learner"
            waiting={entry.waiting}
            sending={entry.sending}
            connected={entry.connected}
            unsaved={entry.unsaved}
          />
          {marked || data.learners.length === 0 ? null : (
            <Button
              variant="outline"
              size="sm"
              className="ml-auto"
              onClick={setAll}
              title={`Every empty level of a learner present becomes ${levelLabel(start)}`}
            >
              Set all to {start}
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground" id="entry-keys">
          {marked
            ? `Type a mark from 0 to ${a.out_of}: its level shows beside it · Enter or ↓ next learner · ↑ back`
            : `${keyHelp(a.scale)} · ↑ ↓ Enter move · ← → strand · Delete clears · or tap`}
        </p>
      </div>
      {entry.refusal ? (
        <Alert tone="error" className="mb-3">
          {entry.refusal}
        </Alert>
      ) : null}
      {data.learners.length === 0 ? (
        <EmptyState
          icon={<Users className="h-10 w-10" />}
          title={`No learners in ${a.class.name}`}
          hint="Learners admitted into the class are listed here."
        />
      ) : (
        <Card className="max-w-3xl">
          <ol className="divide-y" aria-label="Learners">
            {data.learners.map((learner, row) => (
              <LearnerRow
                key={learner.id}
                assessment={a}
                learner={learner}
                draft={drafts[row]!}
                status={entry.statusOf(learner.id)}
                connected={entry.connected}
                cells={cells}
                entry={entry}
                register={(col, el) => targets.current.set(`${row}:${col}`, el)}
                move={(col, by) => focusCell(row + by, col)}
                moveAcross={(col, by) => focusCell(row, col + by)}
              />
            ))}
          </ol>
        </Card>
      )}
    </div>
  );
}

function LearnerRow({
  assessment,
  learner,
  draft,
  status,
  connected,
  cells,
  entry,
  register,
  move,
  moveAcross,
}: {
  assessment: Assessment;
  learner: AssessmentSheet['learners'][number];
  draft: LearnerDraft;
  status: LearnerStatus;
  connected: boolean;
  cells: CellStrand[];
  entry: Entry;
  register(col: number, el: HTMLElement | null): void;
  move(col: number, by: number): void;
  moveAcross(col: number, by: number): void;
}) {
  const [commenting, setCommenting] = useState(false);
  const showComment = commenting || draft.comment !== '';
  const stateId = `learner-${learner.id}-state`;
  const strandOf = (strand: CellStrand) => assessment.strands.find((s) => s.id === strand);
  return (
    <li className="space-y-2 px-3 py-3 sm:px-4" data-testid={`learner-${learner.id}`}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{learner.name}</p>
          <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
            <span>Adm. {learner.admission_number}</span>
            <SaveRowState status={status} offline={!connected} id={stateId} />
          </p>
        </div>
        <button
          type="button"
          aria-pressed={draft.absent}
          aria-label={`${learner.name} absent`}
          title="Absent: not assessed, never counted as Below Expectations"
          className={cn(
            'h-9 shrink-0 rounded-md border px-2.5 text-sm font-medium',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            draft.absent
              ? 'border-amber-500 bg-amber-100 text-amber-900'
              : 'border-input bg-background text-muted-foreground',
          )}
          onClick={() => entry.setAbsent(learner.id, !draft.absent)}
        >
          Absent
        </button>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0"
          aria-label={`Comment on ${learner.name}`}
          aria-expanded={showComment}
          onClick={() => setCommenting(!showComment || draft.comment !== '')}
        >
          <MessageSquare className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Comment</span>
        </Button>
        <EntryHistoryButton assessment={assessment} learner={learner} />
      </div>
      {draft.absent ? (
        <p className="text-xs font-medium text-amber-800">
          Absent: not assessed (no level, never Below Expectations). Tap a level to assess.
        </p>
      ) : null}
      {cells.map((strand, col) => {
        const s = strandOf(strand);
        const label = s ? strandText(s) : assessment.learning_area.name;
        const cell = draft.cells[cellKey(strand)] ?? { level: null, mark: '' };
        return (
          <div key={cellKey(strand)} className="space-y-1">
            <p className="flex flex-wrap items-baseline justify-between gap-x-2 text-xs">
              <span className="text-muted-foreground">{label}</span>
              <span className="font-medium" data-testid="cell-words">
                {cell.level ? levelLabel(cell.level) : draft.absent ? 'Absent' : 'No level yet'}
              </span>
            </p>
            {assessment.out_of !== null ? (
              <MarkCell
                name={learner.name}
                label={label}
                outOf={assessment.out_of}
                mark={cell.mark}
                level={cell.level}
                invalid={status.kind === 'invalid'}
                inputRef={(el) => register(col, el)}
                onMark={(m) => entry.setMark(learner.id, strand, m)}
                onMove={(by) => move(col, by)}
              />
            ) : (
              <LevelButtons
                name={learner.name}
                label={label}
                scale={assessment.scale}
                level={cell.level}
                groupRef={(el) => register(col, el)}
                onLevel={(level) => entry.setLevel(learner.id, strand, level)}
                onMove={(by) => move(col, by)}
                onMoveAcross={(by) => moveAcross(col, by)}
              />
            )}
          </div>
        );
      })}
      {showComment ? (
        <input
          aria-label={`Comment on ${learner.name}`}
          placeholder="Comment (optional)"
          maxLength={500}
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          value={draft.comment}
          onChange={(e) => entry.setComment(learner.id, e.target.value)}
        />
      ) : null}
    </li>
  );
}

/**
 * One strand's levels as radio buttons, one tab stop a strand; the group takes the keys
 * (levelOfKey) and the arrows move between learners and strands rather than levels.
 */
function LevelButtons({
  name,
  label,
  scale,
  level,
  groupRef,
  onLevel,
  onMove,
  onMoveAcross,
}: {
  name: string;
  label: string;
  scale: Assessment['scale'];
  level: string | null;
  groupRef(el: HTMLElement | null): void;
  onLevel(level: string | null): void;
  onMove(by: number): void;
  onMoveAcross(by: number): void;
}) {
  const bands = RUBRIC_BANDS[scale];
  // The first letter of a junior code typed (E, M, A, B), waiting for its 1 or 2.
  const letter = useRef<string | null>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (scale === 'kjsea' && /^[emab]$/i.test(e.key)) {
      e.preventDefault();
      letter.current = e.key.toUpperCase();
      return;
    }
    const typed = levelOfKey(e.key, scale, letter.current);
    letter.current = null;
    if (typed) {
      e.preventDefault();
      onLevel(typed);
      onMove(1);
    } else if (e.key === 'Enter' || e.key === 'ArrowDown') {
      e.preventDefault();
      onMove(1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      onMove(-1);
    } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      onMoveAcross(e.key === 'ArrowRight' ? 1 : -1);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      onLevel(null);
    }
  };
  return (
    <div
      ref={groupRef}
      role="radiogroup"
      aria-label={`${label}: level of ${name}`}
      aria-describedby="entry-keys"
      onKeyDown={onKeyDown}
      className={cn('grid gap-1', bands.length > 4 ? 'grid-cols-8' : 'grid-cols-4')}
    >
      {bands.map((b, i) => {
        const on = level === b.code;
        // One stop per strand: the level chosen, or the first while there is none.
        const stop = level === null ? i === 0 : on;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a second tap clears it and the arrows move between learners, which a native radio does not allow
          <button
            key={b.code}
            type="button"
            role="radio"
            tabIndex={stop ? 0 : -1}
            aria-checked={on}
            aria-label={levelLabel(b.code)}
            title={levelLabel(b.code)}
            className={cn(
              'h-11 min-w-0 rounded-md border text-sm font-semibold',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
              on
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-input bg-background text-foreground hover:bg-muted',
            )}
            onClick={() => onLevel(on ? null : b.code)}
          >
            {b.code}
          </button>
        );
      })}
    </div>
  );
}

function MarkCell({
  name,
  label,
  outOf,
  mark,
  level,
  invalid,
  inputRef,
  onMark,
  onMove,
}: {
  name: string;
  label: string;
  outOf: number;
  mark: string;
  level: string | null;
  invalid: boolean;
  inputRef(el: HTMLInputElement | null): void;
  onMark(mark: string): void;
  onMove(by: number): void;
}) {
  return (
    <div className="flex items-center gap-2">
      <input
        ref={inputRef}
        aria-label={`${label}: mark of ${name} out of ${outOf}`}
        aria-describedby="entry-keys"
        aria-invalid={invalid || undefined}
        inputMode="decimal"
        enterKeyHint="next"
        autoComplete="off"
        maxLength={6}
        className={cn(
          'h-11 w-20 shrink-0 rounded-md border border-input bg-background px-2 text-center text-base',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          invalid && 'border-red-500 focus-visible:ring-red-500',
        )}
        value={mark}
        onChange={(e) => onMark(e.target.value)}
        onFocus={(e) => e.currentTarget.select()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'ArrowDown') {
            e.preventDefault();
            onMove(1);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            onMove(-1);
          }
        }}
      />
      <span className="text-sm text-muted-foreground">/ {outOf}</span>
      <span className="ml-auto text-sm font-semibold" data-testid="mark-level">
        {level ?? ''}
      </span>
    </div>
  );
}
