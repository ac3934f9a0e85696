/**
 * Values this process keeps for a few seconds in front of a slower source (the database, the
 * shared store) on a hot path: each for `ttlMs` from when it was set, at most `maxEntries` (the
 * oldest set goes first), so keys nobody asks for again cannot grow memory without end. What is
 * stored is handed out as it is: store frozen values when callers share them.
 */
export class NearCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many entries are held (expired ones included until they are asked for or pushed out). */
  get size(): number {
    return this.entries.size;
  }

  /** The value set less than `ttlMs` ago, or undefined. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() < entry.expiresAt) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: K, value: V): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
