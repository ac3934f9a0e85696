import type { KeyValueStore, WindowHit } from './store';

interface Entry {
  value: unknown;
  expiresAt: number;
}

/** Entries one process keeps at most by default: some tens of MB with the gateway's short keys. */
const DEFAULT_MAX_ENTRIES = 100_000;

/**
 * One process's store (all-in-one mode), bounded: once it holds `maxEntries`, expired entries
 * are swept and, when that is not enough, the least recently used tenth is dropped — so a flood
 * of distinct keys (sign-ins with ever new usernames) cannot grow memory without limit.
 */
export class MemoryStore implements KeyValueStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
  ) {}

  /** How many entries are held (expired ones included until swept). */
  get size(): number {
    return this.entries.size;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.live(key);
    return entry ? (structuredClone(entry.value) as T) : undefined;
  }

  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    this.entries.delete(key);
    this.makeRoom();
    this.entries.set(key, { value: structuredClone(value), expiresAt: this.now() + ttlMs });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    const entry = this.live(key);
    if (!entry) {
      this.makeRoom();
      this.entries.set(key, { value: 1, expiresAt: this.now() + windowMs });
      return { count: 1, resetInMs: windowMs };
    }
    entry.value = (entry.value as number) + 1;
    return { count: entry.value as number, resetInMs: entry.expiresAt - this.now() };
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** The entry of a key, unless expired; a read makes it the most recently used. */
  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry;
  }

  private makeRoom() {
    if (this.entries.size < this.maxEntries) return;
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    const keep = Math.floor(this.maxEntries * 0.9);
    // A Map iterates in insertion order, and every read re-inserts: the first are the least used.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= keep) break;
      this.entries.delete(key);
    }
  }
}
