import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expectEventually } from './eventually';

/** A mail the local SMTP server received, parsed. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on a free loopback port, keeping every mail it receives (tests only). */
export interface Mailbox {
  /** `smtp://127.0.0.1:<port>`: SMTP_URL of the service under test. */
  url: string;
  mails: ReceivedMail[];
  /** The mails to `address` received so far. */
  to(address: string): ReceivedMail[];
  /** Waits for the `count`-th mail to `address` (1: the first) and answers it. */
  next(address: string, count?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    async onData(stream, session, callback) {
      try {
        const parsed = await simpleParser(stream);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        });
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to,
    next: (address, count = 1) =>
      expectEventually(() => {
        const received = to(address);
        if (received.length < count) throw new Error(`no mail #${count} to ${address} yet`);
        return received[count - 1];
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
