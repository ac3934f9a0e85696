import { MemoryStore } from '@lms/cache';
import { SignInThrottle } from './sign-in-throttle';

describe('SignInThrottle', () => {
  let now: number;
  let throttle: SignInThrottle;
  const settings = { freeFailures: 3, maxDelaySeconds: 60, addressFailures: 20, addressWindowSeconds: 600 };

  beforeEach(() => {
    now = 1_000_000;
    throttle = new SignInThrottle(new MemoryStore(() => now), settings, () => now);
  });

  /** Fails once (after waiting out any delay) and answers the delay that failure caused. */
  async function failAndWait(address: string, account: string): Promise<number> {
    now += (await throttle.wait(address, account)) * 1000;
    await throttle.failed(address, account);
    return throttle.wait(address, account);
  }

  it('lets the free failures pass, then makes the account wait longer after each further one, up to the cap', async () => {
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) delays.push(await failAndWait('10.0.0.1', 'student1'));
    expect(delays).toEqual([0, 0, 0, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('slows only that account at that address: other accounts and other addresses sign in at once', async () => {
    for (let i = 0; i < 5; i++) await failAndWait('10.0.0.1', 'student1');
    expect(await throttle.wait('10.0.0.1', 'student1')).toBeGreaterThan(0);
    expect(await throttle.wait('10.0.0.1', 'student2')).toBe(0);
    expect(await throttle.wait('10.0.0.2', 'student1')).toBe(0);
  });

  it('starts the account afresh at that address after a correct sign-in', async () => {
    for (let i = 0; i < 5; i++) await failAndWait('10.0.0.1', 'student1');
    now += 60_000;
    await throttle.succeeded('10.0.0.1', 'student1');
    expect(await failAndWait('10.0.0.1', 'student1')).toBe(0);
  });

  it('lets an exam hall of 2,000 students at one address in within one second, while a guesser among them waits', async () => {
    const waits: number[] = [];
    const guesses: number[] = [];
    for (let i = 0; i < 2_000; i++) {
      const student = `student${i}`;
      waits.push(await throttle.wait('10.0.0.1', student));
      await throttle.succeeded('10.0.0.1', student);
      if (i % 100 === 0) {
        const wait = await throttle.wait('10.0.0.1', 'lecturer');
        guesses.push(wait);
        if (wait === 0) await throttle.failed('10.0.0.1', 'lecturer');
      }
    }
    expect(now).toBe(1_000_000); // the clock never moved
    expect(waits.every((wait) => wait === 0)).toBe(true);
    expect(guesses.slice(0, 3)).toEqual([0, 0, 0]);
    expect(guesses.slice(4)).toEqual(Array(16).fill(2));
  });

  it('makes an address wait out the window once it sprays more failures than allowed over many accounts', async () => {
    for (let i = 0; i < 20; i++) expect(await failAndWait('10.0.0.1', `account${i}`)).toBe(0);
    expect(await failAndWait('10.0.0.1', 'account20')).toBe(600);
    expect(await throttle.wait('10.0.0.1', 'fresh-account')).toBe(600);
    expect(await throttle.wait('10.0.0.2', 'fresh-account')).toBe(0);
    now += 600_000;
    expect(await throttle.wait('10.0.0.1', 'fresh-account')).toBe(0);
  });
});
