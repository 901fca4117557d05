/**
 * A tiny key-value store over IndexedDB for the editor worker: the undo history and the unsaved
 * autosave payload of each version, keyed by version id (DESIGN: a worker cannot reach localStorage, and
 * 20 history entries of a large flow would not fit its quota anyway).
 *
 * It never throws into the editor. When IndexedDB is missing (Node without a polyfill, some private
 * modes), refuses to open, or a write fails (quota), the value is kept in memory for this session and the
 * failure is reported once through `onDegraded`, so the UI can say "changes are not kept across a reload".
 * Values are stored with the structured clone algorithm, so they must be plain data.
 *
 * The IDBFactory is injected (the worker passes `self.indexedDB`, tests pass fake-indexeddb's factory)
 * rather than read from a patched global.
 */
export const EDITOR_DB_NAME = 'flowsmith-editor';
export const EDITOR_DB_VERSION = 1;
export const EDITOR_STORES = ['history', 'unsaved'] as const;
export type EditorStoreName = (typeof EDITOR_STORES)[number];

export type StorageMode = 'indexeddb' | 'memory';

export interface StorageDegradedEvent {
  mode: StorageMode;
  /** What failed: opening the database, or one read or write. */
  operation: 'open' | 'get' | 'put' | 'delete';
  message: string;
}

export interface EditorStorage {
  readonly mode: StorageMode;
  get(store: EditorStoreName, key: string): Promise<unknown>;
  put(store: EditorStoreName, key: string, value: unknown): Promise<void>;
  delete(store: EditorStoreName, key: string): Promise<void>;
  /**
   * Puts and deletes several keys of one store in one transaction: all of them are kept, or none.
   * Resolves true when IndexedDB has them, false when they are kept in memory only.
   */
  write(store: EditorStoreName, puts: ReadonlyArray<readonly [string, unknown]>, deletes: readonly string[]): Promise<boolean>;
  close(): void;
}

/** One record of one store, as the autosave queue and the core see it. */
export interface StoredRecord<T = unknown> {
  get(): Promise<unknown>;
  put(value: T): Promise<void>;
  delete(): Promise<void>;
}

export function recordOf<T>(storage: EditorStorage, store: EditorStoreName, key: string): StoredRecord<T> {
  return {
    get: () => storage.get(store, key),
    put: (value) => storage.put(store, key, value),
    delete: () => storage.delete(store, key),
  };
}

export interface OpenStorageOptions {
  /** Undefined or null: memory only (reported as degraded). */
  indexedDB?: IDBFactory | null;
  onDegraded?: (event: StorageDegradedEvent) => void;
  /** Some browsers never answer `open` in private mode; give up after this long. */
  openTimeoutMs?: number;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(factory: IDBFactory, timeoutMs: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => finish(new Error(`IndexedDB did not open within ${timeoutMs} ms`)), timeoutMs);
    const finish = (outcome: IDBDatabase | Error) => {
      if (settled) {
        if (!(outcome instanceof Error)) outcome.close(); // opened after we gave up: do not leak it
        return;
      }
      settled = true;
      clearTimeout(timer);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(EDITOR_DB_NAME, EDITOR_DB_VERSION);
    } catch (error) {
      finish(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const name of EDITOR_STORES) if (!db.objectStoreNames.contains(name)) db.createObjectStore(name);
    };
    request.onsuccess = () => finish(request.result);
    request.onerror = () => finish(request.error ?? new Error('IndexedDB open failed'));
    request.onblocked = () => finish(new Error('IndexedDB open blocked by another tab'));
  });
}

class ResilientStorage implements EditorStorage {
  /** Values IndexedDB could not take; they win over whatever IndexedDB holds for the same key. */
  private readonly memory = new Map<string, unknown>();
  private reported = false;

  constructor(
    private db: IDBDatabase | null,
    private readonly onDegraded: ((event: StorageDegradedEvent) => void) | undefined,
  ) {
    if (db) {
      // Another tab upgrading the schema asks us to let go; keep working from memory.
      db.onversionchange = () => {
        db.close();
        this.db = null;
        this.report('open', new Error('IndexedDB closed by a newer version in another tab'));
      };
    }
  }

  get mode(): StorageMode {
    return this.db ? 'indexeddb' : 'memory';
  }

  async get(store: EditorStoreName, key: string): Promise<unknown> {
    const memoryKey = `${store}/${key}`;
    if (this.memory.has(memoryKey) || !this.db) return this.memory.get(memoryKey);
    try {
      const tx = this.db.transaction(store, 'readonly');
      return await requestResult(tx.objectStore(store).get(key));
    } catch (error) {
      this.report('get', error);
      return undefined;
    }
  }

  async put(store: EditorStoreName, key: string, value: unknown): Promise<void> {
    const memoryKey = `${store}/${key}`;
    if (!this.db) {
      this.memory.set(memoryKey, value);
      return;
    }
    try {
      await this.commit(store, (objectStore) => objectStore.put(value, key));
      this.memory.delete(memoryKey);
    } catch (error) {
      this.memory.set(memoryKey, value);
      this.report('put', error);
    }
  }

  async delete(store: EditorStoreName, key: string): Promise<void> {
    this.memory.delete(`${store}/${key}`);
    if (!this.db) return;
    try {
      await this.commit(store, (objectStore) => objectStore.delete(key));
    } catch (error) {
      this.report('delete', error);
    }
  }

  async write(store: EditorStoreName, puts: ReadonlyArray<readonly [string, unknown]>, deletes: readonly string[]): Promise<boolean> {
    const inMemory = () => {
      for (const key of deletes) this.memory.delete(`${store}/${key}`);
      for (const [key, value] of puts) this.memory.set(`${store}/${key}`, value);
      return false;
    };
    if (!this.db) return inMemory();
    try {
      await this.commit(store, (objectStore) => {
        for (const key of deletes) objectStore.delete(key);
        for (const [key, value] of puts) objectStore.put(value, key);
      });
      for (const key of [...deletes, ...puts.map(([key]) => key)]) this.memory.delete(`${store}/${key}`);
      return true;
    } catch (error) {
      this.report('put', error);
      return inMemory();
    }
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }

  /** Resolves when the transaction is durable (complete), not merely when the request succeeded. */
  private commit(store: EditorStoreName, write: (objectStore: IDBObjectStore) => unknown): Promise<void> {
    const db = this.db;
    if (!db) return Promise.reject(new Error('IndexedDB is closed'));
    return new Promise((resolve, reject) => {
      const tx = db.transaction(store, 'readwrite');
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
      write(tx.objectStore(store));
    });
  }

  report(operation: StorageDegradedEvent['operation'], error: unknown): void {
    if (this.reported) return; // one notice is enough; the UI shows a lasting hint, not a toast per keystroke
    this.reported = true;
    this.onDegraded?.({ mode: this.mode, operation, message: messageOf(error) });
  }
}

/** Opens the editor's store; resolves in every case (memory only when IndexedDB is not usable). */
export async function openEditorStorage(options: OpenStorageOptions = {}): Promise<EditorStorage> {
  const factory = options.indexedDB ?? null;
  if (!factory) {
    const storage = new ResilientStorage(null, options.onDegraded);
    storage.report('open', new Error('IndexedDB is not available'));
    return storage;
  }
  try {
    const db = await openDatabase(factory, options.openTimeoutMs ?? 5000);
    return new ResilientStorage(db, options.onDegraded);
  } catch (error) {
    const storage = new ResilientStorage(null, options.onDegraded);
    storage.report('open', error);
    return storage;
  }
}

