/**
 * The taking screen's buffer of unsent saves (issue 13: "answers never lost"). Every change of an
 * answer or a flag gets the next sequence number of its question and is written to the browser's
 * storage (keyed by the attempt) before it is sent, so a reload, a crash or a lost network keeps
 * it. One request at a time, oldest first; a failure that may pass (no network, a timeout, 5xx,
 * 408, 429) is retried with growing pauses, any other refusal is given up and reported. An entry
 * leaves the buffer only when the server acknowledged a sequence number at least its own: the
 * server keeps the highest, so an acknowledgement of a newer save covers the older ones too.
 * Proctoring signals ride the same buffer behind the answers, best-effort (a few tries, then
 * dropped).
 */

/** What a student's answer holds (contract: choice indexes, an essay's html, a typed value). */
export type AnswerValue = { answer_index: number[] } | { text: string } | { value: string } | null;

export type SignalKind = 'tab_hidden' | 'window_blur' | 'offline' | 'online' | 'fullscreen_exit';

export interface AnswerEntry {
  kind: 'answer';
  /** The student question's id. */
  question: string;
  seq: number;
  answer: AnswerValue;
  flagged: boolean;
  /** Not sent before this time (ms since epoch): typing is sent once it pauses. */
  notBefore?: number;
}

export interface SignalEntry {
  kind: 'signal';
  signal: SignalKind;
  /** When it happened, on the server's wall clock (`YYYY-MM-DD HH:mm:ss`); the server adds its own. */
  at: string;
  tries: number;
}

export type Entry = AnswerEntry | SignalEntry;

/** What became of one request. */
export type Outcome =
  /** Stored: the highest sequence number the server keeps for the question. */
  | { kind: 'saved'; seq: number }
  /** Worth another try later; `offline` when the network itself failed. */
  | { kind: 'retry'; offline: boolean }
  /** The attempt is over (403 `closed`): nothing more can be saved. */
  | { kind: 'closed'; detail?: string }
  /** Refused for good (a 4xx other than the above): the entry is dropped and reported. */
  | { kind: 'refused'; detail?: string };

export interface Transport {
  saveAnswer(entry: AnswerEntry): Promise<Outcome>;
  sendSignal(entry: SignalEntry): Promise<Outcome>;
}

/** Where the buffer is kept; `localStorage` in the browser. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type QuestionSaveState = 'saved' | 'saving' | 'offline' | 'failed';

export interface OutboxState {
  /** Entries not yet acknowledged (answers only). */
  unsent: number;
  /** The last request failed for want of a network (or the browser says it is offline). */
  offline: boolean;
  /** The server said the attempt is over. */
  closed: boolean;
  /** The storage refused the buffer (full or disabled): unsent answers would not survive a reload. */
  volatile: boolean;
  /** Per question with something to say: saving, waiting for the network, or refused. */
  questions: Record<string, QuestionSaveState>;
  /** Why the last refused save was refused. */
  refusal: string | null;
}

interface Stored {
  /** The last sequence number given to each question. */
  seqs: Record<string, number>;
  entries: Entry[];
}

/** Pauses between retries (ms), the last repeated. */
export const BACKOFF = [500, 1000, 2000, 4000, 8000, 15000];
/** A signal is given up after this many failed tries. */
export const SIGNAL_TRIES = 5;

export const storageKey = (attemptId: string) => `lms.exam.outbox.${attemptId}`;

export interface OutboxOptions {
  store?: KeyValueStore | null;
  backoff?: number[];
  /** Clock and timers, replaceable in tests. */
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export class Outbox {
  private readonly key: string;
  private readonly store: KeyValueStore | null;
  private readonly backoff: number[];
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  private seqs: Record<string, number> = {};
  private entries: Entry[] = [];
  private failed: Record<string, string> = {};
  /** The last acknowledged save of each question (this page's life only). */
  private acknowledged: Record<string, AnswerEntry> = {};
  private sending = false;
  private failures = 0;
  private timer: unknown = null;
  /** What the timer waits for: a pause after a failure, or the end of a typing pause. */
  private timerKind: 'backoff' | 'hold' | null = null;
  private offline = false;
  private closed = false;
  private volatile = false;
  private refusal: string | null = null;
  private stopped = false;
  private listeners = new Set<() => void>();
  private state: OutboxState;

  constructor(
    attemptId: string,
    private readonly transport: Transport,
    options: OutboxOptions = {},
  ) {
    this.key = storageKey(attemptId);
    this.store = options.store === undefined ? browserStore() : options.store;
    this.backoff = options.backoff ?? BACKOFF;
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
    this.load();
    this.state = this.computeState();
  }

  /** The state for the screen; the same object until something changes. */
  getState = (): OutboxState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * The sequence number the server keeps for a question (read with the questions): the next save
   * of that question is numbered above it, whatever this browser remembers.
   */
  known(question: string, seq: number | null | undefined): void {
    if (typeof seq === 'number' && seq > (this.seqs[question] ?? 0)) this.seqs[question] = seq;
  }

  /** The newest unsent save of a question (shown instead of the server's older answer). */
  pendingOf(question: string): AnswerEntry | undefined {
    for (let at = this.entries.length - 1; at >= 0; at -= 1) {
      const entry = this.entries[at];
      if (entry.kind === 'answer' && entry.question === question) return entry;
    }
    return undefined;
  }

  /**
   * The newest state of a question this browser knows: unsent, or sent and acknowledged while
   * this page lives. The screen prefers it to the server's copy when its seq is higher (the
   * questions may have been read before the save reached the server).
   */
  latestOf(question: string): AnswerEntry | undefined {
    return this.pendingOf(question) ?? this.acknowledged[question];
  }

  /**
   * Buffers a new state of a question's answer and flag (stored at once), and sends it after what
   * is queued — for typed answers (`holdMs`) once the typing has paused that long.
   */
  save(question: string, answer: AnswerValue, flagged: boolean, holdMs = 0): AnswerEntry {
    const seq = (this.seqs[question] ?? 0) + 1;
    this.seqs[question] = seq;
    const entry: AnswerEntry = { kind: 'answer', question, seq, answer, flagged };
    if (holdMs > 0) entry.notBefore = this.now() + holdMs;
    // an unsent older state of the same question is superseded: the server would keep the newest
    // anyway, so only the newest is sent (the one being sent now stays until it is answered)
    this.entries = this.entries.filter(
      (other, at) => !(other.kind === 'answer' && other.question === question && !(this.sending && at === 0)),
    );
    this.entries.push(entry);
    delete this.failed[question];
    if (Object.keys(this.failed).length === 0) this.refusal = null;
    this.persist();
    this.changed();
    if (this.timerKind === 'hold') this.cancelTimer();
    this.flush();
    return entry;
  }

  /** Sends the held (typed) saves now: the student moves on, hands in or leaves the page. */
  release(): void {
    let held = false;
    for (const entry of this.entries) {
      if (entry.kind === 'answer' && entry.notBefore !== undefined) {
        delete entry.notBefore;
        held = true;
      }
    }
    if (!held) return;
    this.persist();
    if (this.timerKind === 'hold') this.cancelTimer();
    this.flush();
  }

  /** Queues a proctoring signal (best-effort); `at` on the server's wall clock. */
  signal(signal: SignalKind, at: string): void {
    if (this.closed) return;
    this.entries.push({ kind: 'signal', signal, at, tries: 0 });
    this.persist();
    this.flush();
  }

  /** The network is back (or the user asked): the next try goes now. */
  retryNow(): void {
    this.offline = false;
    this.failures = 0;
    this.cancelTimer();
    this.changed();
    this.flush();
  }

  /** The browser says it went offline: shown at once, the pending retries go on. */
  wentOffline(): void {
    this.offline = true;
    this.changed();
  }

  /** Sends (again, after `stop`): what is buffered goes first. */
  start(): void {
    this.stopped = false;
    this.flush();
  }

  /** Stops sending (the screen is left); the buffer stays stored. */
  stop(): void {
    this.stopped = true;
    this.cancelTimer();
  }

  /** Forgets the stored buffer (the attempt is finished and its saves are all acknowledged). */
  discard(): void {
    this.stop();
    this.entries = [];
    this.store?.removeItem(this.key);
    this.changed();
  }

  /** Resolves once nothing is left to send (true), or false when the buffer cannot empty now. */
  async drained(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    this.release();
    this.retryNow();
    while (this.unsentAnswers() > 0 && !this.closed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return this.unsentAnswers() === 0;
  }

  /** Sends the oldest entry (answers before signals), then the next, until empty or failing. */
  flush(): void {
    if (this.sending || this.stopped || this.closed || this.timer !== null) return;
    const now = this.now();
    const at = this.entries.findIndex(
      (entry) => entry.kind === 'answer' && (entry.notBefore === undefined || entry.notBefore <= now),
    );
    const signalAt = this.entries.findIndex((entry) => entry.kind === 'signal');
    const index = at >= 0 ? at : signalAt;
    if (index < 0) {
      // only typed answers still within their pause: send the first when its pause ends
      const next = Math.min(
        ...this.entries.map((entry) => (entry.kind === 'answer' ? (entry.notBefore ?? now) : Infinity)),
      );
      if (Number.isFinite(next)) this.wait('hold', next - now);
      return;
    }
    // the entry sent is moved to the front, where `save` leaves it alone while it is on its way
    const [entry] = this.entries.splice(index, 1);
    if (entry.kind === 'answer') delete entry.notBefore;
    this.entries.unshift(entry);
    this.sending = true;
    this.changed();
    const request =
      entry.kind === 'answer' ? this.transport.saveAnswer(entry) : this.transport.sendSignal(entry);
    void request
      .catch((): Outcome => ({ kind: 'retry', offline: false }))
      .then((outcome) => {
        this.sending = false;
        this.settle(entry, outcome);
        this.persist();
        this.changed();
        if (outcome.kind === 'retry') this.schedule();
        else this.flush();
      });
  }

  private settle(entry: Entry, outcome: Outcome): void {
    if (outcome.kind === 'saved') {
      this.failures = 0;
      this.offline = false;
      if (entry.kind === 'answer') {
        this.known(entry.question, outcome.seq);
        const before = this.acknowledged[entry.question];
        if (!before || before.seq < entry.seq) this.acknowledged[entry.question] = entry;
        // acknowledged: this entry and any older one of the question; a newer one stays
        this.entries = this.entries.filter(
          (other) =>
            !(other.kind === 'answer' && other.question === entry.question && other.seq <= outcome.seq),
        );
      } else {
        this.entries = this.entries.filter((other) => other !== entry);
      }
      return;
    }
    if (outcome.kind === 'retry') {
      this.failures += 1;
      if (outcome.offline) this.offline = true;
      if (entry.kind === 'signal') {
        entry.tries += 1;
        if (entry.tries >= SIGNAL_TRIES) this.entries = this.entries.filter((other) => other !== entry);
      }
      return;
    }
    this.failures = 0;
    if (outcome.kind === 'closed') {
      this.closed = true;
      this.refusal = outcome.detail ?? null;
      this.entries = this.entries.filter((other) => other.kind === 'answer');
      return;
    }
    this.entries = this.entries.filter((other) => other !== entry);
    if (entry.kind === 'answer') {
      this.failed[entry.question] = outcome.detail ?? '';
      this.refusal = outcome.detail ?? null;
    }
  }

  private schedule(): void {
    this.wait('backoff', this.backoff[Math.min(this.failures - 1, this.backoff.length - 1)] ?? 1000);
  }

  private wait(kind: 'backoff' | 'hold', ms: number): void {
    if (this.stopped) return;
    this.cancelTimer();
    this.timerKind = kind;
    this.timer = this.setTimer(
      () => {
        this.timer = null;
        this.timerKind = null;
        this.flush();
      },
      Math.max(0, ms),
    );
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.timerKind = null;
  }

  private unsentAnswers(): number {
    return this.entries.filter((entry) => entry.kind === 'answer').length;
  }

  private load(): void {
    try {
      const raw = this.store?.getItem(this.key);
      if (!raw) return;
      const stored = JSON.parse(raw) as Partial<Stored>;
      this.seqs = stored.seqs && typeof stored.seqs === 'object' ? stored.seqs : {};
      this.entries = Array.isArray(stored.entries) ? stored.entries.filter(isEntry) : [];
    } catch {
      // an unreadable buffer (edited by hand, another version): start empty rather than fail
      this.seqs = {};
      this.entries = [];
    }
  }

  private persist(): void {
    if (!this.store) {
      this.volatile = true;
      return;
    }
    try {
      const stored: Stored = { seqs: this.seqs, entries: this.entries };
      this.store.setItem(this.key, JSON.stringify(stored));
      this.volatile = false;
    } catch {
      this.volatile = true;
    }
  }

  private computeState(): OutboxState {
    const questions: Record<string, QuestionSaveState> = {};
    for (const [question, _detail] of Object.entries(this.failed)) questions[question] = 'failed';
    for (const entry of this.entries) {
      if (entry.kind === 'answer') questions[entry.question] = this.offline ? 'offline' : 'saving';
    }
    return {
      unsent: this.unsentAnswers(),
      offline: this.offline,
      closed: this.closed,
      volatile: this.volatile,
      questions,
      refusal: this.refusal,
    };
  }

  private changed(): void {
    this.state = this.computeState();
    for (const listener of this.listeners) listener();
  }
}

function isEntry(value: unknown): value is Entry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as { kind?: unknown; question?: unknown; seq?: unknown; signal?: unknown };
  if (entry.kind === 'answer') return typeof entry.question === 'string' && typeof entry.seq === 'number';
  return entry.kind === 'signal' && typeof entry.signal === 'string';
}

function browserStore(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
