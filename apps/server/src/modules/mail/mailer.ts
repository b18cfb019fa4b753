import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** A message as the development outbox keeps it (DESIGN.md: GET /api/dev/outbox). */
export interface SentMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sent_at: string;
}

export interface Mailer {
  /** How messages leave: through SMTP, or into the server log and the development outbox. */
  readonly transport: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  /** The messages sent without SMTP, newest first. */
  outbox(): SentMail[];
}

const OUTBOX_LIMIT = 200;
const LINK = /https?:\/\/[^\s<>"')]+/g;

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * Real e-mail through nodemailer. With SMTP_URL the message goes to that server; without it the
 * same nodemailer pipeline renders it as JSON, and it is written to the server log and kept in
 * memory for the development outbox, so confirmation and reset links work on a machine with no mail.
 */
export function createMailer({ smtpUrl, from, log }: MailerOptions): Mailer {
  const transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  const sent: SentMail[] = [];

  return {
    transport: smtpUrl ? 'smtp' : 'log',
    async send(message) {
      const info = await transporter.sendMail({ from, ...message });
      if (smtpUrl) {
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'e-mail sent');
        return;
      }
      const links = [...new Set(message.text.match(LINK) ?? [])];
      sent.unshift({
        to: message.to,
        subject: message.subject,
        text: message.text,
        links,
        sent_at: new Date().toISOString(),
      });
      sent.length = Math.min(sent.length, OUTBOX_LIMIT);
      log.info(
        { to: message.to, subject: message.subject, links },
        'e-mail (no SMTP_URL: kept in the development outbox)',
      );
    },
    outbox: () => [...sent],
  };
}
