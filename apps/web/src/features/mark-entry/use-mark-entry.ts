import { formatSchoolMoment } from '@shule/shared/display-dates';
import type {
  EntryMark,
  MarkEntry,
  SavedMark,
  SaveMarkEntry,
  SaveMarkEntryResponse,
} from '@shule/shared/mark-entry';
import { markText } from '@shule/shared/mark-entry';
import { parseMark } from '@shule/shared/scores';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { browserOnline, useQueueRetry } from '../../lib/use-queue-retry';
import { browserQueue, type ColumnKey, type MarkQueue, type QueuedMark } from './mark-queue';

/** Under ['scores']: the grading screen's saves and a subject's changes refresh it too. */
export const markEntryQueryKey = (c: ColumnKey) =>
  ['scores', 'entry', c.exam, c.group ? `g${c.group}` : c.class, c.subject] as const;

const pathOf = (c: ColumnKey) =>
  c.group
    ? `/exams/${c.exam}/marks/?group=${c.group}&subject=${c.subject}`
    : `/exams/${c.exam}/marks/?class=${c.class}&subject=${c.subject}`;

export function useMarkEntryColumn(c: ColumnKey) {
  return useQuery({
    queryKey: markEntryQueryKey(c),
    queryFn: () => api.get<MarkEntry>(pathOf(c)),
    enabled: c.exam > 0 && (c.class > 0 || (c.group ?? 0) > 0) && c.subject > 0,
  });
}

export type RowStatus =
  | { kind: 'idle' }
  | { kind: 'invalid'; message: string }
  | { kind: 'waiting' }
  | { kind: 'saving' }
  | { kind: 'saved'; warning?: string }
  | { kind: 'error'; message: string };

export const INVALID_MARK_MESSAGE = 'A mark is 0 to 100, X or Y';
/** Rows typed past this many, Enter sends the batch at once instead of waiting. */
export const SEND_AFTER_ROWS = 5;
const DEBOUNCE_MS = 1000;

const sameMark = (a: EntryMark | undefined, b: EntryMark | undefined) =>
  (a ?? null) === (b ?? null);

/** "Was 45, changed by Jane Doe at 10:02; replaced by your 50". */
export function overwriteWarning(saved: SavedMark) {
  const o = saved.overwritten;
  if (!o) return undefined;
  const was = o.was === null ? 'empty' : String(o.was);
  const who = o.changed_by?.name ?? 'someone else';
  const when = o.changed_at ? ` at ${formatSchoolMoment(o.changed_at, { time: true })}` : '';
  const now = saved.mark === null ? 'removed by you' : `replaced by your ${saved.mark}`;
  return `Was ${was}, changed by ${who}${when}; ${now}`;
}

/**
 * Entering one column of marks: what is typed per student, each row's state, and the queue of
 * valid changed marks, kept in IndexedDB and sent in one PUT per batch about a second after
 * typing stops, when the connection returns and every 15 s while any wait. A network failure
 * keeps marks queued; a refused row is taken out of the queue and shown with the message.
 */
export function useMarkEntry(c: ColumnKey, queue: MarkQueue = browserQueue()) {
  const queryClient = useQueryClient();
  const column = useMarkEntryColumn(c);
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [statuses, setStatuses] = useState<Record<number, RowStatus>>({});
  const [waiting, setWaiting] = useState(0);
  const [sending, setSending] = useState(false);
  const [connected, setConnected] = useState(browserOnline);
  const [refusal, setRefusal] = useState<string | null>(null);

  const pending = useRef(new Map<number, QueuedMark>());
  const inFlight = useRef(false);
  const again = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const columnKey = `${c.exam}:${c.class}:${c.group ?? 0}:${c.subject}`;
  const key = useRef(c);
  key.current = c;

  const serverMark = useCallback(
    (student: number): EntryMark =>
      queryClient
        .getQueryData<MarkEntry>(markEntryQueryKey(key.current))
        ?.students.find((s) => s.id === student)?.mark ?? null,
    [queryClient],
  );
  const setStatus = useCallback(
    (entries: [number, RowStatus][]) =>
      setStatuses((s) => ({ ...s, ...Object.fromEntries(entries) })),
    [],
  );
  const unqueue = useCallback(
    (student: number) => {
      pending.current.delete(student);
      void queue.remove(key.current, student);
    },
    [queue],
  );

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) {
      again.current = true;
      return;
    }
    const batch = [...pending.current.values()];
    if (batch.length === 0) return;
    if (!browserOnline()) {
      setConnected(false);
      return;
    }
    const target = key.current;
    inFlight.current = true;
    setSending(true);
    setStatus(batch.map((b) => [b.student, { kind: 'saving' }]));
    const body: SaveMarkEntry = {
      marks: batch.map((b) => ({
        student: b.student,
        mark: b.mark === '' ? null : b.mark,
        base: b.base,
      })),
    };
    try {
      const saved = await api.put<SaveMarkEntryResponse>(pathOf(target), body);
      setConnected(true);
      setRefusal(null);
      const byStudent = new Map(saved.marks.map((m) => [m.student, m]));
      queryClient.setQueryData<MarkEntry>(
        markEntryQueryKey(target),
        (old) =>
          old && {
            ...old,
            students: old.students.map((s) =>
              byStudent.has(s.id) ? { ...s, mark: byStudent.get(s.id)!.mark } : s,
            ),
          },
      );
      const done: [number, RowStatus][] = [];
      for (const [i, sent] of batch.entries()) {
        const answer = saved.marks[i];
        const now = pending.current.get(sent.student);
        if (now && now.mark !== sent.mark) {
          // Typed again while the batch was out: that one goes next, from what was just saved.
          now.base = answer?.mark ?? null;
          void queue.put(target, now);
          done.push([sent.student, { kind: 'waiting' }]);
        } else {
          unqueue(sent.student);
          done.push([sent.student, { kind: 'saved', warning: answer && overwriteWarning(answer) }]);
        }
      }
      setStatus(done);
      queryClient.invalidateQueries({ queryKey: ['scores'], refetchType: 'none' });
      queryClient.invalidateQueries({ queryKey: ['results'], refetchType: 'none' });
      queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500) {
        setConnected(err instanceof ApiError && err.status !== 0 ? browserOnline() : false);
        setStatus(batch.map((b) => [b.student, { kind: 'waiting' }]));
      } else {
        const row = Object.keys(err.errors ?? {})
          .map((field) => /^marks\.(\d+)\./.exec(field)?.[1])
          .find((i) => i !== undefined);
        const bad = row === undefined ? undefined : batch[Number(row)];
        if (err.status === 400 && bad) {
          // Only the named row is refused: the others go again without it.
          unqueue(bad.student);
          setStatus([
            ...batch.map((b): [number, RowStatus] => [b.student, { kind: 'waiting' }]),
            [bad.student, { kind: 'error', message: err.message }],
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
  }, [queryClient, queue, setStatus, unqueue]);

  const schedule = useCallback(
    (ms: number) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), ms);
    },
    [flush],
  );

  /** A student's mark as typed: checked at once; a valid change is queued. */
  const setText = (student: number, text: string) => {
    setTexts((t) => ({ ...t, [student]: text }));
    const parsed = parseMark(text);
    const onServer = serverMark(student);
    if (parsed === 'invalid') {
      unqueue(student);
      setStatus([[student, { kind: 'invalid', message: INVALID_MARK_MESSAGE }]]);
    } else if (sameMark(parsed, onServer)) {
      unqueue(student);
      setStatus([[student, { kind: onServer === null ? 'idle' : 'saved' }]]);
    } else {
      const queued: QueuedMark = {
        student,
        mark: text.trim(),
        base: pending.current.get(student)?.base ?? onServer,
      };
      pending.current.set(student, queued);
      void queue.put(key.current, queued);
      setStatus([[student, { kind: 'waiting' }]]);
      schedule(DEBOUNCE_MS);
    }
    setWaiting(pending.current.size);
  };

  /** Enter in a row: past a few rows waiting, send now. */
  const onEnter = () => {
    if (pending.current.size >= SEND_AFTER_ROWS) void flush();
  };

  // Marks left queued by an earlier visit (a reload, a closed tab) are shown and sent.
  const loaded = column.data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per column, when its marks are in
  useEffect(() => {
    if (!loaded) return;
    let cancelled = false;
    pending.current = new Map();
    setTexts({});
    setStatuses({});
    setRefusal(null);
    void queue.list(key.current).then((rows) => {
      if (cancelled || rows.length === 0) return;
      for (const row of rows) pending.current.set(row.student, row);
      setTexts(Object.fromEntries(rows.map((r) => [r.student, r.mark])));
      setStatus(rows.map((r) => [r.student, { kind: 'waiting' }]));
      setWaiting(rows.length);
      void flush();
    });
    return () => {
      cancelled = true;
    };
  }, [columnKey, loaded]);

  useQueueRetry(
    flush,
    setConnected,
    () => pending.current.size > 0,
    () => {
      if (timer.current) clearTimeout(timer.current);
    },
  );

  const textOf = (student: number) => texts[student] ?? markText(serverMark(student));
  const statusOf = (student: number): RowStatus =>
    statuses[student] ?? { kind: serverMark(student) === null ? 'idle' : 'saved' };
  /** Rows that say "Not saved: …" (refused as typed, or by the server): never "All saved". */
  const unsaved = Object.values(statuses).filter(
    (s) => s.kind === 'invalid' || s.kind === 'error',
  ).length;

  return {
    column,
    textOf,
    statusOf,
    setText,
    onEnter,
    flush,
    waiting,
    sending,
    connected,
    unsaved,
    refusal,
  };
}
