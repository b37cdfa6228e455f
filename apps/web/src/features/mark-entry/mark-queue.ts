import type { EntryMark } from '@shule/shared/mark-entry';
import {
  memoryQueue as genericMemoryQueue,
  browserQueue as namedBrowserQueue,
  numberKey,
  type OfflineQueue,
} from '../../lib/offline-queue';

/** One column of marks: an exam, a class and a subject. */
export interface ColumnKey {
  exam: number;
  /** 0 for a teaching group's column. */
  class: number;
  /** A senior-school teaching group, in place of a class. */
  group?: number;
  subject: number;
}

/** A typed mark waiting to be sent, with the mark the screen last saw on the server. */
export interface QueuedMark {
  student: number;
  /** As typed (already checked): "45", "x", "" to remove. */
  mark: string;
  base: EntryMark;
}

/** Where queued marks are kept: lib/offline-queue.ts, one group per column. */
export interface MarkQueue {
  list(column: ColumnKey): Promise<QueuedMark[]>;
  put(column: ColumnKey, mark: QueuedMark): Promise<void>;
  remove(column: ColumnKey, student: number): Promise<void>;
}

// The database and key shape marks were queued under before the queue was shared: marks left
// waiting by an older version of the page are still found.
const DB_NAME = 'shule-marks';
const groupOf = (c: ColumnKey) =>
  c.group ? `${c.exam}:g${c.group}:${c.subject}` : `${c.exam}:${c.class}:${c.subject}`;

function markQueue(queue: OfflineQueue<QueuedMark>): MarkQueue {
  return {
    list: (column) => queue.list(groupOf(column)),
    put: (column, mark) => queue.put(groupOf(column), numberKey(mark.student), mark),
    remove: (column, student) => queue.remove(groupOf(column), numberKey(student)),
  };
}

/** A queue in memory, for where IndexedDB is missing (unit tests, some private modes). */
export const memoryQueue = (): MarkQueue => markQueue(genericMemoryQueue<QueuedMark>());

let browsers: MarkQueue | null = null;
/** The queue of this browser: one object, so hooks that take it as a dependency keep it. */
export function browserQueue(): MarkQueue {
  browsers ??= markQueue(namedBrowserQueue<QueuedMark>(DB_NAME));
  return browsers;
}
