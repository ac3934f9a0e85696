import { describe, expect, it } from 'vitest';
import {
  Outbox,
  SIGNAL_TRIES,
  storageKey,
  type AnswerEntry,
  type KeyValueStore,
  type Outcome,
  type SignalEntry,
} from './outbox';

class MemoryStore implements KeyValueStore {
  data = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('full', 'QuotaExceededError');
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

/** A server whose answers the test gives one request at a time. */
class FakeServer {
  requests: Array<{ entry: AnswerEntry | SignalEntry; answer: (outcome: Outcome) => void }> = [];
  /** What the server keeps: the highest seq per question, and its answer. */
  stored = new Map<string, AnswerEntry>();
  saveAnswer = (entry: AnswerEntry) =>
    new Promise<Outcome>((resolve) => this.requests.push({ entry: { ...entry }, answer: resolve }));
  sendSignal = (entry: SignalEntry) =>
    new Promise<Outcome>((resolve) => this.requests.push({ entry: { ...entry }, answer: resolve }));

  /** Answers the oldest open request as the real service would (the highest seq wins). */
  accept() {
    const request = this.requests.shift()!;
    const { entry } = request;
    if (entry.kind === 'answer') {
      const kept = this.stored.get(entry.question);
      if (!kept || kept.seq < entry.seq) this.stored.set(entry.question, entry);
      request.answer({ kind: 'saved', seq: this.stored.get(entry.question)!.seq });
    } else {
      request.answer({ kind: 'saved', seq: 0 });
    }
    return entry;
  }
  fail(outcome: Outcome) {
    const request = this.requests.shift()!;
    request.answer(outcome);
    return request.entry;
  }
}

/** Timers run by the test. */
class Clock {
  now = 1_000_000;
  timers: Array<{ run: () => void; ms: number }> = [];
  setTimer = (run: () => void, ms: number) => {
    const timer = { run, ms };
    this.timers.push(timer);
    return timer;
  };
  clearTimer = (timer: unknown) => {
    this.timers = this.timers.filter((other) => other !== timer);
  };
  fire() {
    const timer = this.timers.shift()!;
    timer.run();
    return timer.ms;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(store = new MemoryStore()) {
  const server = new FakeServer();
  const clock = new Clock();
  const outbox = new Outbox('7', server, {
    store,
    now: () => clock.now,
    backoff: [100, 200, 400],
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  return { server, clock, outbox, store };
}

describe('the outbox of unsent answers', () => {
  it('numbers the saves of each question upwards, from what the server keeps', () => {
    const { outbox, server } = setup();
    outbox.known('1', 4);
    expect(outbox.save('1', { answer_index: [2] }, false).seq).toBe(5);
    expect(outbox.save('2', { value: '3' }, false).seq).toBe(1);
    expect(server.requests.map((request) => request.entry)).toMatchObject([{ question: '1', seq: 5 }]);
  });

  it('sends one request at a time, oldest first, and forgets an entry once acknowledged', async () => {
    const { outbox, server, store } = setup();
    outbox.save('1', { answer_index: [0] }, false);
    outbox.save('2', { text: '<p>a</p>' }, false);
    expect(server.requests).toHaveLength(1);
    expect(outbox.getState()).toMatchObject({ unsent: 2, questions: { '1': 'saving', '2': 'saving' } });
    server.accept();
    await settle();
    expect(server.requests.map((request) => request.entry)).toMatchObject([{ question: '2', seq: 1 }]);
    server.accept();
    await settle();
    expect(outbox.getState()).toMatchObject({ unsent: 0, questions: {} });
    expect(JSON.parse(store.getItem(storageKey('7'))!).entries).toEqual([]);
  });

  it('keeps a newer save of a question that changed while the older one was on its way', async () => {
    const { outbox, server } = setup();
    outbox.save('1', { answer_index: [0] }, false);
    outbox.save('1', { answer_index: [1] }, false);
    outbox.save('1', { answer_index: [2] }, true);
    // seq 1 is on its way; seq 2 was superseded by 3 before it was sent
    server.accept();
    await settle();
    expect(outbox.getState().unsent).toBe(1);
    expect(server.requests[0].entry).toMatchObject({ seq: 3, answer: { answer_index: [2] }, flagged: true });
    server.accept();
    await settle();
    expect(server.stored.get('1')).toMatchObject({ seq: 3, answer: { answer_index: [2] } });
    expect(outbox.getState().unsent).toBe(0);
  });

  it('drops an entry only when the acknowledged seq covers it', async () => {
    const { outbox, server } = setup();
    outbox.save('1', { value: '1' }, false);
    outbox.save('1', { value: '12' }, false);
    // the server acknowledges seq 1 only: seq 2 stays and goes next
    server.requests.shift()!.answer({ kind: 'saved', seq: 1 });
    await settle();
    expect(outbox.pendingOf('1')).toMatchObject({ seq: 2, answer: { value: '12' } });
    // a stale save answered with a higher stored seq (another tab saved seq 9) is covered by it
    server.requests.shift()!.answer({ kind: 'saved', seq: 9 });
    await settle();
    expect(outbox.pendingOf('1')).toBeUndefined();
    expect(outbox.save('1', { value: '13' }, false).seq).toBe(10);
  });

  it('retries with growing pauses while the network is down, in order, and resends on reconnect', async () => {
    const { outbox, server, clock } = setup();
    outbox.save('1', { answer_index: [0] }, false);
    outbox.save('2', { answer_index: [1] }, false);
    server.fail({ kind: 'retry', offline: true });
    await settle();
    expect(outbox.getState()).toMatchObject({ offline: true, questions: { '1': 'offline', '2': 'offline' } });
    expect(clock.fire()).toBe(100);
    server.fail({ kind: 'retry', offline: true });
    await settle();
    expect(clock.fire()).toBe(200);
    server.fail({ kind: 'retry', offline: true });
    await settle();
    expect(clock.fire()).toBe(400);
    server.fail({ kind: 'retry', offline: true });
    await settle();
    expect(clock.timers[0].ms).toBe(400); // the last pause repeats
    // answers typed while offline join the queue behind the older ones
    outbox.save('3', { value: '7' }, false);
    expect(server.requests).toHaveLength(0);
    outbox.retryNow(); // the browser's `online` event
    expect(clock.timers).toHaveLength(0);
    const sent: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      sent.push((server.accept() as AnswerEntry).question);
      await settle();
    }
    expect(sent).toEqual(['1', '2', '3']);
    expect(outbox.getState()).toMatchObject({ unsent: 0, offline: false });
  });

  it('a failing request rejected by the transport counts as worth another try', async () => {
    const { outbox, clock } = setup();
    const broken = new Outbox(
      '8',
      {
        saveAnswer: () => Promise.reject(new Error('boom')),
        sendSignal: () => Promise.reject(new Error('boom')),
      },
      { store: new MemoryStore(), setTimer: clock.setTimer, clearTimer: clock.clearTimer },
    );
    broken.save('1', { value: '1' }, false);
    await settle();
    expect(broken.getState().unsent).toBe(1);
    expect(clock.timers).toHaveLength(1);
    expect(outbox.getState().unsent).toBe(0);
  });

  it('survives a reload: the unsent saves and the numbering come back from storage', async () => {
    const first = setup();
    first.outbox.known('1', 3);
    first.outbox.save('1', { answer_index: [1] }, true);
    first.outbox.save('2', { text: '<p>draft</p>' }, false);
    first.server.fail({ kind: 'retry', offline: true });
    await settle();
    first.outbox.stop();

    const again = setup(first.store);
    expect(again.outbox.getState().unsent).toBe(2);
    expect(again.outbox.pendingOf('1')).toMatchObject({
      seq: 4,
      answer: { answer_index: [1] },
      flagged: true,
    });
    expect(again.outbox.pendingOf('2')).toMatchObject({ seq: 1, answer: { text: '<p>draft</p>' } });
    again.outbox.flush();
    again.server.accept();
    await settle();
    again.server.accept();
    await settle();
    expect(again.server.stored.get('1')?.seq).toBe(4);
    expect(again.server.stored.get('2')?.seq).toBe(1);
    expect(again.outbox.save('1', { answer_index: [0] }, true).seq).toBe(5);
  });

  it('starts empty from an unreadable stored buffer', () => {
    const store = new MemoryStore();
    store.setItem(storageKey('7'), '{not json');
    const { outbox } = setup(store);
    expect(outbox.getState().unsent).toBe(0);
    store.setItem(storageKey('7'), JSON.stringify({ seqs: { '1': 2 }, entries: [{ kind: 'answer' }, 3] }));
    const other = setup(store);
    expect(other.outbox.getState().unsent).toBe(0);
    expect(other.outbox.save('1', null, true).seq).toBe(3);
  });

  it('says so when the storage refuses the buffer, and still sends', async () => {
    const store = new MemoryStore();
    store.full = true;
    const { outbox, server } = setup(store);
    outbox.save('1', { value: '1' }, false);
    expect(outbox.getState().volatile).toBe(true);
    server.accept();
    await settle();
    expect(server.stored.get('1')?.seq).toBe(1);
  });

  it('gives up a refused save and reports it, and stops everything once the attempt is closed', async () => {
    const { outbox, server } = setup();
    outbox.save('1', { value: 'x' }, false);
    outbox.save('2', { value: '2' }, false);
    server.fail({ kind: 'refused', detail: 'Give a number.' });
    await settle();
    expect(outbox.getState()).toMatchObject({ refusal: 'Give a number.', questions: { '1': 'failed' } });
    server.fail({ kind: 'closed', detail: 'The exam has ended.' });
    await settle();
    expect(outbox.getState()).toMatchObject({ closed: true, refusal: 'The exam has ended.' });
    outbox.save('2', { value: '3' }, false);
    expect(server.requests).toHaveLength(0);
  });

  it('holds typed answers until the typing pauses, stored at once, and sends them when released', async () => {
    const { outbox, server, clock, store } = setup();
    outbox.save('1', { text: '<p>Th</p>' }, false, 800);
    expect(server.requests).toHaveLength(0);
    expect(JSON.parse(store.getItem(storageKey('7'))!).entries).toMatchObject([
      { seq: 1, notBefore: 1_000_800 },
    ]);
    clock.now += 500;
    outbox.save('1', { text: '<p>The</p>' }, false, 800);
    expect(clock.timers).toHaveLength(1);
    expect(clock.timers[0].ms).toBe(800);
    // a click on a choice is sent at once, past the held text
    outbox.save('2', { answer_index: [1] }, false);
    expect(server.requests[0].entry).toMatchObject({ question: '2' });
    server.accept();
    await settle();
    expect(server.requests).toHaveLength(0);
    clock.now += 800;
    clock.fire();
    expect(server.requests[0].entry).toMatchObject({ question: '1', seq: 2, answer: { text: '<p>The</p>' } });
    server.accept();
    await settle();
    // moving on sends what is held without waiting
    outbox.save('1', { text: '<p>The end</p>' }, false, 800);
    outbox.release();
    expect(server.requests[0].entry).toMatchObject({ question: '1', seq: 3 });
  });

  it('sends signals after the answers, and drops one after a few failed tries', async () => {
    const { outbox, server, clock } = setup();
    outbox.signal('tab_hidden', '2026-11-24 08:00:00');
    expect(server.requests[0].entry).toMatchObject({
      kind: 'signal',
      signal: 'tab_hidden',
      at: '2026-11-24 08:00:00',
    });
    outbox.save('1', { value: '1' }, false);
    server.accept();
    await settle();
    // the answer goes before the next signal
    outbox.signal('window_blur', '2026-11-24 08:00:05');
    outbox.save('2', { value: '2' }, false);
    expect(server.requests[0].entry).toMatchObject({ kind: 'answer', question: '1' });
    server.accept();
    await settle();
    expect(server.requests[0].entry).toMatchObject({ kind: 'answer', question: '2' });
    server.accept();
    await settle();
    expect(server.requests[0].entry).toMatchObject({ kind: 'signal', signal: 'window_blur' });
    for (let tries = 0; tries < SIGNAL_TRIES; tries += 1) {
      server.fail({ kind: 'retry', offline: false });
      await settle();
      if (tries < SIGNAL_TRIES - 1) clock.fire();
    }
    expect(server.requests).toHaveLength(0);
    clock.fire();
    expect(server.requests).toHaveLength(0);
  });
});
