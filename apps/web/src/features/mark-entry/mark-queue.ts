import type { EntryMark } from '@shule/shared/mark-entry';

/** One column of marks: an exam, a class and a subject. */
export interface ColumnKey {
  exam: number;
  class: number;
  subject: number;
}

/** A typed mark waiting to be sent, with the mark the screen last saw on the server. */
export interface QueuedMark {
  student: number;
  /** As typed (already checked): "45", "x", "" to remove. */
  mark: string;
  base: EntryMark;
}

/** Where queued marks are kept: IndexedDB in a browser, memory where there is none (tests). */
export interface MarkQueue {
  list(column: ColumnKey): Promise<QueuedMark[]>;
  put(column: ColumnKey, mark: QueuedMark): Promise<void>;
  remove(column: ColumnKey, student: number): Promise<void>;
}

const DB_NAME = 'shule-marks';
const STORE = 'queue';

const prefixOf = (c: ColumnKey) => `${c.exam}:${c.class}:${c.subject}:`;
// Zero-padded, so one column's keys sort together and a key range finds them.
const keyOf = (c: ColumnKey, student: number) =>
  `${prefixOf(c)}${String(student).padStart(10, '0')}`;

interface StoredMark extends QueuedMark {
  key: string;
}

let opening: Promise<IDBDatabase> | null = null;
function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  }).catch((err) => {
    opening = null;
    throw err;
  });
  return opening;
}

async function run<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = action(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** The browser's queue: survives a reload, a closed tab and a dropped connection. */
const indexedDbQueue: MarkQueue = {
  async list(column) {
    const prefix = prefixOf(column);
    const rows = await run<StoredMark[]>('readonly', (s) =>
      s.getAll(IDBKeyRange.bound(prefix, `${prefix}\uffff`)),
    );
    return rows.map(({ student, mark, base }) => ({ student, mark, base }));
  },
  async put(column, mark) {
    await run('readwrite', (s) => s.put({ key: keyOf(column, mark.student), ...mark }));
  },
  async remove(column, student) {
    await run('readwrite', (s) => s.delete(keyOf(column, student)));
  },
};

/** A queue in memory, for where IndexedDB is missing (unit tests, some private modes). */
export function memoryQueue(): MarkQueue {
  const rows = new Map<string, QueuedMark>();
  return {
    async list(column) {
      const prefix = prefixOf(column);
      return [...rows.entries()]
        .filter(([key]) => key.startsWith(prefix))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([, mark]) => mark);
    },
    async put(column, mark) {
      rows.set(keyOf(column, mark.student), { ...mark });
    },
    async remove(column, student) {
      rows.delete(keyOf(column, student));
    },
  };
}

let fallback: MarkQueue | null = null;
/** The queue of this browser. */
export function browserQueue(): MarkQueue {
  if (typeof indexedDB !== 'undefined') return indexedDbQueue;
  fallback ??= memoryQueue();
  return fallback;
}
