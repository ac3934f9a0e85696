import type { KeyValueStore, WindowHit } from './store';

interface Entry {
  value: unknown;
  expiresAt: number;
}

/** One process's store (all-in-one mode). Expired entries are swept as the map grows. */
export class MemoryStore implements KeyValueStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.live(key);
    return entry ? (structuredClone(entry.value) as T) : undefined;
  }

  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    this.sweepIfLarge();
    this.entries.set(key, { value: structuredClone(value), expiresAt: this.now() + ttlMs });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    const entry = this.live(key);
    if (!entry) {
      this.sweepIfLarge();
      this.entries.set(key, { value: 1, expiresAt: this.now() + windowMs });
      return { count: 1, resetInMs: windowMs };
    }
    entry.value = (entry.value as number) + 1;
    return { count: entry.value as number, resetInMs: entry.expiresAt - this.now() };
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweepIfLarge() {
    if (this.entries.size < 50_000) return;
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
