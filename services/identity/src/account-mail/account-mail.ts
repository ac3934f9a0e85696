import { createHash, randomBytes } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type KeyValueStore, MemoryStore, RedisStore } from '@lms/cache';
import { tooManyRequests } from '@lms/jsonapi';
import { campusSender, type Mail, type Mailer, openMailer } from '@lms/mail';
import { IdentityConfig } from '../config';
import type { Tenant } from '../tenants/tenant.entity';

/** Where a request came from: the campus's host as the browser named it, and the client. */
export interface Origin {
  host: string;
  protocol: string;
  ip: string;
}

export const originOf = (request: FastifyRequest): Origin => ({
  host: request.host,
  protocol: request.protocol,
  ip: request.ip,
});

/** The SHA-256 of a link's token: the only form in which a token is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link of the campus's web client that carries a new single-use token. */
export interface MailLink {
  url: string;
  tokenHash: string;
}

/** The window within which the requests of one address or client are counted. */
const WINDOW_MS = 15 * 60 * 1000;

/**
 * What the account mails (a password-reset link, an address to verify) share: a link with a
 * random token of which only the hash is stored, the campus as sender, sending after the answer
 * (so an answer takes as long whether or not a mail goes out), and a limit per address and per
 * client (Redis with `REDIS_URL`, so every replica counts alike; in memory otherwise).
 */
@Injectable()
export class AccountMail implements OnModuleDestroy {
  private readonly logger = new Logger('identity.account-mail');
  private readonly store: KeyValueStore;
  private readonly mailer: Mailer;

  constructor(config: IdentityConfig) {
    this.store = config.redisUrl ? new RedisStore(config.redisUrl, 'lms:identity:') : new MemoryStore();
    this.mailer = openMailer(config.smtpUrl, (message, mail) =>
      this.logger.warn(`${message}: ${mail.subject}\n${mail.text}`),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.store.close(), this.mailer.close()]);
  }

  /**
   * Counts a request under `key` (`<what>:address:<hash>`, `<what>:client:<ip>`); past `limit`
   * within 15 minutes, a 429 saying `refusal` and when to try again.
   */
  private async throttle(key: string, limit: number, refusal: string): Promise<void> {
    const { count, resetInMs } = await this.store.hit(key, WINDOW_MS);
    if (count > limit) {
      const wait = Math.ceil(resetInMs / 1000);
      throw tooManyRequests(`${refusal}; try again in ${wait} seconds`, wait);
    }
  }

  /**
   * Counts a request of `what` (`password-reset`) per e-mail address (already lower-case) and
   * per client; past a limit, a 429 telling `Too many <noun> asked …`.
   */
  async throttleAddressAndClient(
    what: string,
    origin: Origin,
    address: string,
    limits: { perAddress: number; perClient: number },
    noun: string,
  ): Promise<void> {
    const key = `${what}:address:${hashToken(address)}`;
    await this.throttle(key, limits.perAddress, `Too many ${noun} asked for this address`);
    await this.throttle(
      `${what}:client:${origin.ip}`,
      limits.perClient,
      `Too many ${noun} asked from your address`,
    );
  }

  /** A new link to `path` of the web client at the request's host, with a fresh token. */
  link(origin: Origin, path: string): MailLink {
    const token = randomBytes(32).toString('base64url');
    return {
      url: `${origin.protocol}://${origin.host}${path}?token=${token}`,
      tokenHash: hashToken(token),
    };
  }

  /** The campus as the sender of its mails (`"Universitas Demo" <no-reply@demo.ac.id>`). */
  sender(tenant: Tenant): string {
    return campusSender(tenant);
  }

  /** Sends the mails after the answer; a mail that fails is logged (`what` names it). */
  sendLater(mails: Mail[], what: string): void {
    for (const mail of mails)
      this.mailer
        .send(mail)
        .catch((error: unknown) =>
          this.logger.error(`the ${what} mail to ${mail.to} could not be sent: ${String(error)}`),
        );
  }
}
