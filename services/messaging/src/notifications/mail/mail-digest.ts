import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { returnedRows } from '@lms/database';
import { campusSender, type Mail, type Mailer, openMailer } from '@lms/mail';
import { digestText, languageOf, notificationText } from '../notification-text';
import type { NotificationType } from '../notification.entity';

/** Injection token of the digest's settings (SMTP_URL, MAIL_DIGEST_INTERVAL_MS). */
export const DIGEST_SETTINGS = Symbol('DIGEST_SETTINGS');
export interface DigestSettings {
  smtpUrl: string | undefined;
  /** A user receives at most one digest per this many milliseconds. */
  intervalMs: number;
}

/** Users served per pass, and notifications listed per digest (the rest wait for the next one). */
const USERS_PER_PASS = 50;
const LINES_PER_DIGEST = 50;

interface Recipient {
  user_id: string;
  mail_address: string;
  /** The campus's name and host. */
  name: string;
  domain: string;
  language: string | null;
}

interface Line {
  id: string;
  type: NotificationType;
  data: Record<string, unknown>;
  link: string;
}

/**
 * The e-mail digest: a user with a notification e-mail (their profile's, from identity) who did
 * not turn mail off receives, at most once per `intervalMs`, one mail listing their notifications
 * still unread that no digest listed yet, each with its link on the campus's host. Users are
 * claimed `FOR UPDATE SKIP LOCKED` and their lines marked in one transaction, so replicas never
 * mail a notification twice; the mails go out after the commit (a failed one is logged).
 */
@Injectable()
export class MailDigest implements OnModuleDestroy {
  private readonly logger = new Logger('messaging.mail-digest');
  private readonly mailer: Mailer;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(DIGEST_SETTINGS) private readonly settings: DigestSettings,
  ) {
    this.mailer = openMailer(settings.smtpUrl, (message, mail) =>
      this.logger.warn(`${message}: ${mail.subject}\n${mail.text}`),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.mailer.close();
  }

  /** One pass: how many digests it sent. */
  async sendDue(): Promise<number> {
    const mails = await this.dataSource.transaction(async (manager) => {
      const users: Recipient[] = await manager.query(
        `SELECT s.user_id, s.mail_address, t.name, t.domain, ${languageOf('s.user_id', 's.tenant_id')} FROM notification_settings s
           JOIN tenants t ON t.id = s.tenant_id
          WHERE s.mail_enabled AND s.mail_address IS NOT NULL
            AND (s.last_digest_at IS NULL OR s.last_digest_at <= now() - make_interval(secs => $1::double precision / 1000))
            AND EXISTS (SELECT 1 FROM notifications n
                         WHERE n.user_id = s.user_id AND n.tenant_id = s.tenant_id AND NOT n.is_read AND n.mailed_at IS NULL)
          ORDER BY s.user_id LIMIT $2 FOR UPDATE OF s SKIP LOCKED`,
        [this.settings.intervalMs, USERS_PER_PASS],
      );
      const built: Mail[] = [];
      for (const user of users) {
        const lines = returnedRows<Line>(
          await manager.query(
            `UPDATE notifications SET mailed_at = now()
            WHERE id IN (SELECT id FROM notifications WHERE user_id = $1 AND NOT is_read AND mailed_at IS NULL
                          ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
            RETURNING id, type, data, link`,
            [user.user_id, LINES_PER_DIGEST],
          ),
        );
        if (lines.length === 0) continue;
        await manager.query(`UPDATE notification_settings SET last_digest_at = now() WHERE user_id = $1`, [
          user.user_id,
        ]);
        built.push(this.digest(user, lines));
      }
      return built;
    });
    for (const mail of mails)
      await this.mailer
        .send(mail)
        .catch((error: unknown) =>
          this.logger.error(`the digest to ${mail.to} could not be sent: ${String(error)}`),
        );
    return mails.length;
  }

  /** The digest in the user's language. */
  private digest(user: Recipient, lines: Line[]): Mail {
    const texts = digestText(user.language);
    const items = lines
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((line) => {
        const { title, body } = notificationText(line, user.language);
        return `• ${title}: ${body}\n  https://${user.domain}${line.link}`;
      });
    return {
      from: campusSender(user),
      to: user.mail_address,
      subject: texts.subject(lines.length, user.name),
      text: [
        texts.intro(lines.length),
        '',
        ...items,
        '',
        texts.footer(`https://${user.domain}/notification`),
      ].join('\n'),
    };
  }
}
