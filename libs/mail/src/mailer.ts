import { createTransport, type Transporter } from 'nodemailer';

/** One e-mail: plain text, an HTML alternative when given. */
export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The port by which a service sends e-mail. `SmtpMailer` in every real deployment (`SMTP_URL`);
 * without SMTP (a developer's `npm start`) `LogMailer` writes each mail to the log instead.
 */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** Injection token of a service's `Mailer`. */
export const MAILER = Symbol('MAILER');

/**
 * Mail through an SMTP server named by a URL: `smtp://user:password@host:587` (STARTTLS when
 * the server offers it), `smtps://…:465` (TLS from the start); nodemailer's URL options apply.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(url: string) {
    this.transport = createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail(mail);
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** No SMTP server configured: each mail goes to the log (development only; links included). */
export class LogMailer implements Mailer {
  constructor(private readonly log: (message: string, mail: Mail) => void) {}

  async send(mail: Mail): Promise<void> {
    this.log(`SMTP_URL is not set: mail to ${mail.to} not sent, logged instead`, mail);
  }

  async close(): Promise<void> {}
}

/** `SmtpMailer` when an SMTP URL is given, else `LogMailer`. */
export function openMailer(smtpUrl: string | undefined, log: (message: string, mail: Mail) => void): Mailer {
  return smtpUrl ? new SmtpMailer(smtpUrl) : new LogMailer(log);
}

/** A campus as the sender of its mails: `"Universitas Demo" <no-reply@demo.ac.id>`. */
export function campusSender(campus: { name: string; domain: string }): string {
  return `"${campus.name.replace(/["\\\r\n]/g, '')}" <no-reply@${campus.domain}>`;
}
