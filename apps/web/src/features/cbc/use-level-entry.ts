import {
  type Assessment,
  type AssessmentSheet,
  type LevelEntryInput,
  levelOfMark,
} from '@shule/shared/cbc-assessments';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { browserQueue, numberKey, type OfflineQueue } from '../../lib/offline-queue';
import { browserOnline, useQueueRetry } from '../../lib/use-queue-retry';
import { assessmentSheetKey, sheetPath, useAssessmentSheet } from './assessments-api';

/** One cell of a learner's row: a strand covered, or the learning area as a whole (null). */
export type CellStrand = number | null;
export const cellKey = (strand: CellStrand) => (strand === null ? 'area' : String(strand));

/** What the teacher has put down for one learner: a level (or a mark) per cell, and the rest. */
export interface LearnerDraft {
  student: number;
  cells: Record<string, { level: string | null; mark: string }>;
  absent: boolean;
  comment: string;
}

export type LearnerStatus =
  | { kind: 'idle' }
  | { kind: 'invalid'; message: string }
  | { kind: 'waiting' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'error'; message: string };

const DEBOUNCE_MS = 1000;
const QUEUE_NAME = 'shule-cbc-levels';

/** The cells of every row: the strands the assessment covers, or the learning area as a whole. */
export const cellsOf = (a: Assessment): CellStrand[] =>
  a.strands.length > 0 ? a.strands.map((s) => s.id) : [null];

/** A learner's row as the server has it. The comment lives on the learning-area (null) entry. */
export function draftFromSheet(sheet: AssessmentSheet, student: number): LearnerDraft {
  const mine = sheet.entries.filter((e) => e.student === student);
  const cells: LearnerDraft['cells'] = {};
  for (const strand of cellsOf(sheet.assessment)) {
    const e = mine.find((m) => m.strand === strand);
    cells[cellKey(strand)] = {
      level: e?.level ?? null,
      mark: e?.mark === null || e?.mark === undefined ? '' : String(e.mark),
    };
  }
  return {
    student,
    cells,
    absent: mine.some((e) => e.absent),
    comment: mine.find((e) => e.strand === null)?.comment ?? '',
  };
}

/** Why a typed mark cannot be sent, or null: a number from 0 to the out-of mark. */
export function markProblem(text: string, outOf: number): string | null {
  if (text.trim() === '') return null;
  const mark = Number(text);
  if (!Number.isFinite(mark) || mark < 0 || mark > outOf) return `A mark is 0 to ${outOf}`;
  return null;
}

/** The entries of one learner's PUT: every cell, and the comment on the learning-area entry. */
export function entriesOf(draft: LearnerDraft, a: Assessment): LevelEntryInput[] {
  const cells = cellsOf(a);
  const comment = draft.comment.trim() === '' ? {} : { comment: draft.comment.trim() };
  const entries: LevelEntryInput[] = cells.map((strand) => {
    if (draft.absent) return { student: draft.student, strand, absent: true };
    const cell = draft.cells[cellKey(strand)] ?? { level: null, mark: '' };
    return {
      student: draft.student,
      strand,
      level: cell.level,
      ...(a.out_of !== null && cell.mark.trim() !== '' ? { mark: Number(cell.mark) } : {}),
    };
  });
  if (cells[0] === null) Object.assign(entries[0]!, comment);
  else entries.push({ student: draft.student, strand: null, level: null, ...comment });
  return entries;
}

/**
 * Entering one assessment's levels: each learner's row as put down, its state, and the queue of
 * changed rows, kept in the browser (lib/offline-queue.ts) and sent whole, in one PUT a batch,
 * about a second after the last change, when the connection returns and every 15 s while any
 * wait. A network failure keeps rows queued; a row the server refuses ("Entry 3 (Achieng
 * Otieno): …") is taken out of the queue and shown with the message, the others sent again.
 */
export function useLevelEntry(
  assessmentId: number,
  queue: OfflineQueue<LearnerDraft> = browserQueue<LearnerDraft>(QUEUE_NAME),
) {
  const queryClient = useQueryClient();
  const sheet = useAssessmentSheet(assessmentId);
  const [drafts, setDrafts] = useState<Record<number, LearnerDraft>>({});
  const [statuses, setStatuses] = useState<Record<number, LearnerStatus>>({});
  const [waiting, setWaiting] = useState(0);
  const [sending, setSending] = useState(false);
  const [connected, setConnected] = useState(browserOnline);
  const [refusal, setRefusal] = useState<string | null>(null);

  const pending = useRef(new Map<number, LearnerDraft>());
  const inFlight = useRef(false);
  const again = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const group = String(assessmentId);

  const currentSheet = useCallback(
    () => queryClient.getQueryData<AssessmentSheet>(assessmentSheetKey(assessmentId)),
    [queryClient, assessmentId],
  );
  const setStatus = useCallback(
    (entries: [number, LearnerStatus][]) =>
      setStatuses((s) => ({ ...s, ...Object.fromEntries(entries) })),
    [],
  );
  const unqueue = useCallback(
    (student: number) => {
      pending.current.delete(student);
      void queue.remove(group, numberKey(student));
    },
    [queue, group],
  );

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) {
      again.current = true;
      return;
    }
    const data = currentSheet();
    const batch = [...pending.current.values()];
    if (batch.length === 0 || !data) return;
    if (!browserOnline()) {
      setConnected(false);
      setStatus(batch.map((b) => [b.student, { kind: 'waiting' }]));
      return;
    }
    inFlight.current = true;
    setSending(true);
    setStatus(batch.map((b) => [b.student, { kind: 'saving' }]));
    const owners: number[] = [];
    const entries = batch.flatMap((draft) => {
      const mine = entriesOf(draft, data.assessment);
      owners.push(...mine.map(() => draft.student));
      return mine;
    });
    try {
      const saved = await api.put<AssessmentSheet>(`${sheetPath(assessmentId)}levels/`, {
        entries,
      });
      setConnected(true);
      setRefusal(null);
      queryClient.setQueryData(assessmentSheetKey(assessmentId), saved);
      const done: [number, LearnerStatus][] = [];
      for (const sent of batch) {
        // Changed again while the batch was out: that one goes next.
        if (pending.current.get(sent.student) !== sent)
          done.push([sent.student, { kind: 'waiting' }]);
        else {
          unqueue(sent.student);
          done.push([sent.student, { kind: 'saved' }]);
        }
      }
      setStatus(done);
      void queryClient.invalidateQueries({
        queryKey: ['cbc', 'assessments', 'history', assessmentId],
      });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500) {
        setConnected(err instanceof ApiError && err.status !== 0 ? browserOnline() : false);
        setStatus(batch.map((b) => [b.student, { kind: 'waiting' }]));
      } else {
        const names = new Map(data.learners.map((l) => [l.id, l.name]));
        const refused = new Map<number, string>();
        for (const [field, messages] of Object.entries(err.errors ?? {})) {
          const i = /^entries\.(\d+)\./.exec(field)?.[1];
          const student = i === undefined ? undefined : owners[Number(i)];
          if (student === undefined || refused.has(student)) continue;
          const n = Number(i) + 1;
          const text = `Entry ${n} (${names.get(student) ?? 'a learner'}): ${messages[0]}`;
          refused.set(student, err.message.startsWith(`Entry ${n} `) ? err.message : text);
        }
        if (err.status === 400 && refused.size > 0) {
          // Only the named learners are refused: the others go again without them.
          for (const student of refused.keys()) unqueue(student);
          setStatus([
            ...batch.map((b): [number, LearnerStatus] => [b.student, { kind: 'waiting' }]),
            ...[...refused].map(([student, message]): [number, LearnerStatus] => [
              student,
              { kind: 'error', message },
            ]),
          ]);
          again.current = true;
        } else {
          for (const b of batch) unqueue(b.student);
          setStatus(batch.map((b) => [b.student, { kind: 'error', message: err.message }]));
          setRefusal(err.message);
        }
      }
    } finally {
      inFlight.current = false;
      setSending(false);
      setWaiting(pending.current.size);
      if (again.current) {
        again.current = false;
        void flush();
      }
    }
  }, [assessmentId, currentSheet, queryClient, setStatus, unqueue]);

  const schedule = useCallback(
    (ms: number) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), ms);
    },
    [flush],
  );

  const draftOf = (student: number): LearnerDraft | null => {
    if (drafts[student]) return drafts[student];
    const data = sheet.data;
    return data ? draftFromSheet(data, student) : null;
  };

  /** Changes learners' rows: each changed row is checked, queued and sent after a pause. */
  const change = (changes: LearnerDraft[]) => {
    const data = sheet.data;
    if (!data || changes.length === 0) return;
    setDrafts((d) => ({ ...d, ...Object.fromEntries(changes.map((c) => [c.student, c])) }));
    const states: [number, LearnerStatus][] = [];
    for (const draft of changes) {
      const outOf = data.assessment.out_of;
      const problem =
        outOf === null
          ? null
          : (Object.values(draft.cells)
              .map((c) => markProblem(c.mark, outOf))
              .find((p) => p !== null) ?? null);
      if (problem) {
        unqueue(draft.student);
        states.push([draft.student, { kind: 'invalid', message: problem }]);
        continue;
      }
      pending.current.set(draft.student, draft);
      void queue.put(group, numberKey(draft.student), draft);
      states.push([draft.student, { kind: 'waiting' }]);
    }
    setStatus(states);
    setWaiting(pending.current.size);
    if (pending.current.size > 0) schedule(DEBOUNCE_MS);
  };

  const edit = (student: number, update: (d: LearnerDraft) => LearnerDraft) => {
    const draft = draftOf(student);
    if (draft) change([update(draft)]);
  };

  /** A level tapped or typed; the same level again takes it off. */
  const setLevel = (student: number, strand: CellStrand, level: string | null) =>
    edit(student, (d) => ({
      ...d,
      absent: false,
      cells: { ...d.cells, [cellKey(strand)]: { level, mark: '' } },
    }));

  /** A test's mark: the level it earns goes with it. */
  const setMark = (student: number, strand: CellStrand, mark: string) => {
    const outOf = sheet.data?.assessment.out_of ?? null;
    const scale = sheet.data?.assessment.scale ?? 'rubric';
    const value = Number(mark);
    const level =
      outOf === null || mark.trim() === '' || markProblem(mark, outOf)
        ? null
        : levelOfMark(value, outOf, scale);
    edit(student, (d) => ({
      ...d,
      absent: mark.trim() === '' ? d.absent : false,
      cells: { ...d.cells, [cellKey(strand)]: { level, mark } },
    }));
  };

  /** Absent is never a level: the row's levels are cleared while it is marked so. */
  const setAbsent = (student: number, absent: boolean) =>
    edit(student, (d) => ({
      ...d,
      absent,
      cells: absent
        ? Object.fromEntries(Object.keys(d.cells).map((k) => [k, { level: null, mark: '' }]))
        : d.cells,
    }));

  const setComment = (student: number, comment: string) =>
    edit(student, (d) => ({ ...d, comment }));

  /** `level` in every empty cell of every learner not absent; nothing else changes. */
  const fillEmpty = (level: string) => {
    const data = sheet.data;
    if (!data) return 0;
    const changed: LearnerDraft[] = [];
    let filled = 0;
    for (const learner of data.learners) {
      const d = draftOf(learner.id);
      if (!d || d.absent) continue;
      const empty = Object.entries(d.cells).filter(([, c]) => c.level === null && c.mark === '');
      if (empty.length === 0) continue;
      filled += empty.length;
      changed.push({
        ...d,
        cells: { ...d.cells, ...Object.fromEntries(empty.map(([k]) => [k, { level, mark: '' }])) },
      });
    }
    change(changed);
    return filled;
  };

  // Rows left queued by an earlier visit (a reload, a closed tab) are shown and sent.
  const loaded = sheet.data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per assessment, when its sheet is in
  useEffect(() => {
    if (!loaded) return;
    let cancelled = false;
    pending.current = new Map();
    setDrafts({});
    setStatuses({});
    setRefusal(null);
    void queue.list(group).then((rows) => {
      if (cancelled || rows.length === 0) return;
      for (const row of rows) pending.current.set(row.student, row);
      setDrafts(Object.fromEntries(rows.map((r) => [r.student, r])));
      setStatus(rows.map((r) => [r.student, { kind: 'waiting' }]));
      setWaiting(rows.length);
      void flush();
    });
    return () => {
      cancelled = true;
    };
  }, [group, loaded]);

  useQueueRetry(
    flush,
    setConnected,
    () => pending.current.size > 0,
    () => {
      if (timer.current) clearTimeout(timer.current);
    },
  );

  const statusOf = (student: number): LearnerStatus => {
    if (statuses[student]) return statuses[student];
    return sheet.data?.entries.some((e) => e.student === student)
      ? { kind: 'saved' }
      : { kind: 'idle' };
  };
  const unsaved = Object.values(statuses).filter(
    (s) => s.kind === 'invalid' || s.kind === 'error',
  ).length;

  return {
    sheet,
    draftOf,
    statusOf,
    setLevel,
    setMark,
    setAbsent,
    setComment,
    fillEmpty,
    flush,
    waiting,
    sending,
    connected,
    unsaved,
    refusal,
  };
}
