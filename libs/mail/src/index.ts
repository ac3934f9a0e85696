export { campusSender, LogMailer, MAILER, openMailer, SmtpMailer } from './mailer';
export type { Mail, Mailer } from './mailer';
