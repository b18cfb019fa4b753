import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

describe('the mailer without SMTP', () => {
  it('logs each message and keeps it in the outbox with its links, newest first', async () => {
    const logged: unknown[] = [];
    const mailer = createMailer({
      smtpUrl: null,
      from: 'Marquee <no-reply@localhost>',
      log: { info: (details: unknown) => logged.push(details), error: () => {} } as never,
    });
    await mailer.send({
      to: 'ada@example.org',
      subject: 'Confirm your e-mail',
      text: 'Open http://localhost:3000/api/auth/verify-email?token=abc to confirm.',
    });
    await mailer.send({
      to: 'bob@example.org',
      subject: 'Reset your password',
      text: 'Reset: http://localhost:3000/reset-password?token=xyz',
    });
    const outbox = mailer.outbox();
    expect(outbox.map((mail) => mail.to)).toEqual(['bob@example.org', 'ada@example.org']);
    expect(outbox[1]?.links).toEqual(['http://localhost:3000/api/auth/verify-email?token=abc']);
    expect(outbox[0]?.sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(logged).toHaveLength(2);
    expect(mailer.transport).toBe('log');
  });
});
