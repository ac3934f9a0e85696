/** How a {@link MicroBatcher} groups its items. */
export interface MicroBatchOptions {
  /** Longest an item waits for others before its batch runs (ms). */
  maxWaitMs: number;
  /** A batch runs at once when it holds this many items. */
  maxItems: number;
  /** Batches running at the same time; more wait (and grow) until one ends. */
  maxInFlight: number;
}

interface Pending<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Groups concurrent calls into batches: items submitted within `maxWaitMs` of the first (or
 * until `maxItems`) run together through `run`, which answers one outcome per item, in order.
 * Each caller's promise settles only when its batch's `run` has settled — for a batch written in
 * one transaction, after its COMMIT; a failed batch rejects every caller in it, so each can retry.
 */
export class MicroBatcher<I, O> {
  private queue: Array<Pending<I, O>> = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight = 0;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly options: MicroBatchOptions,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.queue.length >= this.options.maxItems) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.options.maxWaitMs);
    });
  }

  /** Batches running now and items waiting (for metrics and tests). */
  get load() {
    return { inFlight: this.inFlight, waiting: this.queue.length };
  }

  private flush() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.queue.length === 0) return;
    // At the limit the items keep waiting; the batch that ends next takes them (a bigger batch).
    if (this.inFlight >= this.options.maxInFlight) return;
    const batch = this.queue.splice(0, this.options.maxItems);
    this.inFlight++;
    void this.execute(batch).finally(() => {
      this.inFlight--;
      if (this.queue.length >= this.options.maxItems) this.flush();
      else if (this.queue.length > 0) this.timer ??= setTimeout(() => this.flush(), 0);
    });
    if (this.queue.length > 0) this.timer ??= setTimeout(() => this.flush(), this.options.maxWaitMs);
  }

  private async execute(batch: Array<Pending<I, O>>) {
    try {
      const outcomes = await this.run(batch.map((pending) => pending.item));
      if (outcomes.length !== batch.length)
        throw new Error(`a batch of ${batch.length} answered ${outcomes.length} outcomes`);
      batch.forEach((pending, i) => pending.resolve(outcomes[i]));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }
}
