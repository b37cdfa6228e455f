/**
 * Work typed while the connection may be down (marks, CBC levels), kept in the browser until
 * it is sent: IndexedDB where there is one (survives a reload, a closed tab, a dropped
 * connection), memory where there is none (unit tests, some private modes). Items are grouped
 * (one mark column, one assessment) and keyed within their group (one student).
 */
export interface OfflineQueue<T> {
  list(group: string): Promise<T[]>;
  put(group: string, id: string, item: T): Promise<void>;
  remove(group: string, id: string): Promise<void>;
}

const STORE = 'queue';
// The group's prefix ends in ':', so one group's keys sort together and a key range finds them.
const keyOf = (group: string, id: string) => `${group}:${id}`;

function openDb(name: string): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function indexedDbQueue<T extends object>(name: string): OfflineQueue<T> {
  let opening: Promise<IDBDatabase> | null = null;
  const db = () => {
    opening ??= openDb(name).catch((err) => {
      opening = null;
      throw err;
    });
    return opening;
  };
  const run = async <R>(
    mode: IDBTransactionMode,
    action: (store: IDBObjectStore) => IDBRequest<R>,
  ): Promise<R> => {
    const open = await db();
    return new Promise<R>((resolve, reject) => {
      const tx = open.transaction(STORE, mode);
      const req = action(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  };
  return {
    async list(group) {
      const prefix = keyOf(group, '');
      const rows = await run<(T & { key: string })[]>('readonly', (s) =>
        s.getAll(IDBKeyRange.bound(prefix, `${prefix}\uffff`)),
      );
      return rows.map(({ key: _key, ...item }) => item as unknown as T);
    },
    async put(group, id, item) {
      await run('readwrite', (s) => s.put({ ...item, key: keyOf(group, id) }));
    },
    async remove(group, id) {
      await run('readwrite', (s) => s.delete(keyOf(group, id)));
    },
  };
}

/** A queue in memory, in key order like IndexedDB's. */
export function memoryQueue<T extends object>(): OfflineQueue<T> {
  const rows = new Map<string, T>();
  return {
    async list(group) {
      const prefix = keyOf(group, '');
      return [...rows.entries()]
        .filter(([key]) => key.startsWith(prefix))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([, item]) => structuredClone(item));
    },
    async put(group, id, item) {
      rows.set(keyOf(group, id), structuredClone(item));
    },
    async remove(group, id) {
      rows.delete(keyOf(group, id));
    },
  };
}

const queues = new Map<string, OfflineQueue<object>>();
/** This browser's queue named `name` (one IndexedDB database each). */
export function browserQueue<T extends object>(name: string): OfflineQueue<T> {
  let queue = queues.get(name);
  if (!queue) {
    queue = typeof indexedDB !== 'undefined' ? indexedDbQueue<object>(name) : memoryQueue<object>();
    queues.set(name, queue);
  }
  return queue as OfflineQueue<T>;
}

/** A key that sorts as its number does: 9 before 10. */
export const numberKey = (n: number) => String(n).padStart(10, '0');
