/**
 * The web device's storage: per prototype id, the values its spec's storage block lists, in one
 * JSON file under the device's data folder (the id percent-encoded into the name, written to a
 * temporary file and renamed, so a crash never leaves half a file). Changes are written on a
 * trailing debounce; `flush` writes at once (dismissal, the next show, inspect, shutdown). A file
 * that does not decode is reported, deleted and treated as empty. A write that would pass the
 * byte limit keeps the previous stored value of the keys that do not fit and lists them. A write
 * that fails keeps its values pending and is tried again later.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { setOwn } from '../json/index.ts';

export const STORAGE_DIR_ENV = 'PROTOSTAGE_DEVICE_DATA_DIR';
export const STORAGE_DEBOUNCE_MS = 400;
export const MAX_STORED_KEYS = 64;
export const MAX_STORED_BYTES = 262_144;
const MAX_RETRY_MS = 30_000;

/** Where a device keeps its files: $PROTOSTAGE_DEVICE_DATA_DIR, else ~/.protostage/device. */
export function deviceDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env[STORAGE_DIR_ENV] && env[STORAGE_DIR_ENV]!.trim() !== '' ? env[STORAGE_DIR_ENV]! : join(homedir(), '.protostage', 'device');
}

export interface StoredRecord {
  version: number;
  state: Record<string, unknown>;
  data: Record<string, unknown>;
}

export interface StorageReport {
  version: number;
  keys: Array<{ key: string; bytes: number }>;
  totalBytes: number;
  skippedKeys?: string[];
}

export class StorageStore {
  private readonly pending = new Map<string, StoredRecord>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly skipped = new Map<string, string[]>();
  /** How many writes in a row failed, by id. */
  private readonly failedWrites = new Map<string, number>();
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly dir: string,
    private readonly log: (message: string) => void = (message) => console.error(`protostage device: ${message}`),
    private readonly debounceMs = STORAGE_DEBOUNCE_MS,
  ) {}

  private file(id: string): string {
    return join(this.dir, 'storage', `${encodeURIComponent(id)}.json`);
  }

  /** The stored record of `id` (pending changes first), or null. */
  async read(id: string): Promise<StoredRecord | null> {
    return this.pending.get(id) ?? this.readFile(id);
  }

  /** What the file of `id` holds (a file that does not decode is deleted), or null. */
  private async readFile(id: string): Promise<StoredRecord | null> {
    let text: string;
    try {
      text = await readFile(this.file(id), 'utf8');
    } catch {
      return null;
    }
    try {
      const record = JSON.parse(text) as StoredRecord;
      if (typeof record?.version !== 'number' || typeof record.state !== 'object' || typeof record.data !== 'object') throw new Error('not a stored record');
      return record;
    } catch (error) {
      this.log(`stored values of "${id}" do not decode (${(error as Error).message}); deleted`);
      await rm(this.file(id), { force: true });
      return null;
    }
  }

  /** Writes `values` after the debounce, keeping within the limits. */
  schedule(id: string, values: StoredRecord): void {
    this.pending.set(id, values);
    clearTimeout(this.timers.get(id));
    this.timers.set(id, setTimeout(() => void this.flush(id), this.debounceMs));
  }

  /** Writes what is pending for `id` (or every id) now. */
  flush(id?: string): Promise<void> {
    const ids = id === undefined ? [...this.pending.keys()] : this.pending.has(id) ? [id] : [];
    for (const each of ids) {
      clearTimeout(this.timers.get(each));
      this.timers.delete(each);
      const values = this.pending.get(each)!;
      this.pending.delete(each);
      this.writing = this.writing.then(() => this.write(each, values)).then(
        () => void this.failedWrites.delete(each),
        (error: Error) => this.retryLater(each, values, error),
      );
    }
    return this.writing;
  }

  /**
   * A write that failed (a full disk, a folder made read-only) leaves its values pending, unless
   * newer ones came meanwhile, and is tried again, waiting twice as long each time up to 30 s.
   */
  private retryLater(id: string, values: StoredRecord, error: Error): void {
    const failures = (this.failedWrites.get(id) ?? 0) + 1;
    this.failedWrites.set(id, failures);
    this.log(`stored values of "${id}" could not be written (${error.message}); trying again`);
    if (this.closed) return;
    if (!this.pending.has(id)) this.pending.set(id, values);
    clearTimeout(this.timers.get(id));
    this.timers.set(id, setTimeout(() => void this.flush(id), Math.min(this.debounceMs * 2 ** failures, MAX_RETRY_MS)));
  }

  /** Removes what is stored for `id`; answers how many keys and pointers went. */
  async clear(id: string): Promise<number> {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    this.pending.delete(id);
    this.skipped.delete(id);
    await this.writing;
    const record = await this.read(id);
    await rm(this.file(id), { force: true });
    return record === null ? 0 : Object.keys(record.state).length + Object.keys(record.data).length;
  }

  /** Forgets a record of another version. */
  async discard(id: string): Promise<void> {
    this.pending.delete(id);
    await rm(this.file(id), { force: true });
  }

  async report(id: string): Promise<StorageReport | null> {
    await this.flush(id);
    const record = await this.read(id);
    if (record === null) return null;
    const keys = [...Object.entries(record.state), ...Object.entries(record.data)].map(([key, value]) => ({ key, bytes: valueBytes(value) }));
    const skipped = this.skipped.get(id);
    return { version: record.version, keys, totalBytes: keys.reduce((sum, entry) => sum + entry.bytes, 0), ...(skipped && skipped.length > 0 ? { skippedKeys: skipped } : {}) };
  }

  /** Writes what is pending, once: a write failing now is logged, not retried. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  /** Keeps each value that fits the limits; a key that does not keeps its previous stored value. */
  private async write(id: string, values: StoredRecord): Promise<void> {
    const previous = await this.readFile(id);
    const kept: StoredRecord = { version: values.version, state: {}, data: {} };
    const skipped: string[] = [];
    let total = 0;
    let count = 0;
    for (const part of ['state', 'data'] as const) {
      for (const [key, value] of Object.entries(values[part])) {
        const bytes = valueBytes(value);
        if (count < MAX_STORED_KEYS && total + bytes <= MAX_STORED_BYTES) {
          setOwn(kept[part], key, value);
          total += bytes;
          count += 1;
          continue;
        }
        skipped.push(key);
        const before = previous?.version === values.version && Object.hasOwn(previous[part], key) ? previous[part][key] : undefined;
        if (before !== undefined && count < MAX_STORED_KEYS && total + valueBytes(before) <= MAX_STORED_BYTES) {
          setOwn(kept[part], key, before);
          total += valueBytes(before);
          count += 1;
        }
      }
    }
    this.skipped.set(id, skipped);
    await mkdir(join(this.dir, 'storage'), { recursive: true });
    const file = this.file(id);
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(kept));
    await rename(temporary, file);
  }
}

function valueBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}
