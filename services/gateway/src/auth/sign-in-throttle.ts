import type { KeyValueStore } from '@lms/cache';

export interface SignInThrottleSettings {
  /** Wrong passwords for one account from one address before any delay. */
  freeFailures: number;
  /** The longest delay between two attempts of one account from one address, in seconds. */
  maxDelaySeconds: number;
  /** Failed sign-ins of any accounts from one address per window before the address waits. */
  addressFailures: number;
  addressWindowSeconds: number;
}

/** How long the failures of one account from one address are remembered. */
const PAIR_MEMORY_MS = 24 * 3600 * 1000;

interface Block {
  until: number;
}

/**
 * Sign-in throttling of the gateway (ADR 0004). Only failures count — a hall of students
 * signing in correctly from one NAT address is never refused:
 *
 * - per (account, address): after `freeFailures` wrong passwords, each further one makes that
 *   account wait at that address 2 s, 4 s, 8 s … up to `maxDelaySeconds`; a correct sign-in
 *   clears it. The same account signs in from any other address at once (nobody can lock a
 *   student out from elsewhere).
 * - per address: more than `addressFailures` failures in a window (password spraying over many
 *   accounts) make the whole address wait for the rest of the window.
 *
 * Accounts are named by the normalised username whether or not they exist, so unknown usernames
 * are throttled exactly like known ones. Counters live in the shared store (Redis in stack
 * mode), so every gateway replica counts together.
 */
export class SignInThrottle {
  constructor(
    private readonly store: KeyValueStore,
    private readonly settings: SignInThrottleSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `username` may try again from `address`; 0 when it may try now. */
  async wait(address: string, username: string): Promise<number> {
    const [pair, whole] = await Promise.all([
      this.store.get<Block>(`signin:pair-wait:${address}|${username}`),
      this.store.get<Block>(`signin:address-wait:${address}`),
    ]);
    const until = Math.max(pair?.until ?? 0, whole?.until ?? 0);
    return until > this.now() ? Math.ceil((until - this.now()) / 1000) : 0;
  }

  /** A wrong username or password: counts against the pair and the address. */
  async failed(address: string, username: string): Promise<void> {
    const { freeFailures, maxDelaySeconds, addressFailures, addressWindowSeconds } = this.settings;
    const [pair, whole] = await Promise.all([
      this.store.hit(`signin:pair-failures:${address}|${username}`, PAIR_MEMORY_MS),
      this.store.hit(`signin:address-failures:${address}`, addressWindowSeconds * 1000),
    ]);
    const writes: Promise<void>[] = [];
    if (pair.count > freeFailures) {
      const delayMs = Math.min(2 ** (pair.count - freeFailures) * 1000, maxDelaySeconds * 1000);
      writes.push(
        this.store.set<Block>(
          `signin:pair-wait:${address}|${username}`,
          { until: this.now() + delayMs },
          delayMs,
        ),
      );
    }
    if (whole.count > addressFailures) {
      writes.push(
        this.store.set<Block>(
          `signin:address-wait:${address}`,
          { until: this.now() + whole.resetInMs },
          whole.resetInMs,
        ),
      );
    }
    await Promise.all(writes);
  }

  /** A correct sign-in: the account starts afresh at this address. */
  async succeeded(address: string, username: string): Promise<void> {
    await Promise.all([
      this.store.delete(`signin:pair-failures:${address}|${username}`),
      this.store.delete(`signin:pair-wait:${address}|${username}`),
    ]);
  }
}
