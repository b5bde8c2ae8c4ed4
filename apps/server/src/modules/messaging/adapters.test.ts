// The adapters against the simulators, across real sockets: HTTP for SMS, an SMTP conversation for e-mail.
import { afterAll, describe, expect, it } from 'vitest';
import { startSmsGateway } from '../../../simulators/sms-gateway.ts';
import { startSmtpServer } from '../../../simulators/smtp.ts';
import { closeMailers, httpSmsGateway, smtpMailer } from './adapters.ts';

const sms = await startSmsGateway({ apiKey: 'key-123' });
const smtp = await startSmtpServer({ httpPort: 0 });
afterAll(async () => {
  closeMailers();
  await sms.close();
  await smtp.close();
});

describe('SMS gateway adapter and simulator', () => {
  it('delivers a text with the sender and key, and the simulator keeps it', async () => {
    const gateway = httpSmsGateway({ url: sms.url, apiKey: 'key-123', senderId: 'TALA' });
    const { messageId } = await gateway.send('+639171112222', 'Your code is 123456.');
    expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sms.messages('+639171112222')).toEqual([
      expect.objectContaining({
        id: messageId,
        from: 'TALA',
        to: '+639171112222',
        text: 'Your code is 123456.',
      }),
    ]);
    const inbox = (await (await fetch(`${sms.url}/messages?to=%2B639171112222`)).json()) as {
      messages: unknown[];
    };
    expect(inbox.messages).toHaveLength(1);
  });

  it('fails on a wrong key, a bad number and an unreachable gateway', async () => {
    await expect(
      httpSmsGateway({ url: sms.url, apiKey: 'wrong', senderId: 'TALA' }).send('+639171112222', 'x'),
    ).rejects.toThrow(/401/);
    await expect(
      httpSmsGateway({ url: sms.url, apiKey: 'key-123', senderId: 'TALA' }).send('12', 'x'),
    ).rejects.toThrow(/400/);
    await expect(
      httpSmsGateway({ url: 'http://127.0.0.1:9', apiKey: null, senderId: 'TALA' }).send(
        '+639171112222',
        'x',
      ),
    ).rejects.toThrow();
  });
});

describe('SMTP adapter and simulator', () => {
  it('sends through nodemailer and the simulator reads subject and text, unicode included', async () => {
    const mailer = smtpMailer({ smtpUrl: smtp.url, from: 'Tala <no-reply@tala.localhost>' });
    const text = `Kumusta! Your link: http://tala.localhost/index?resetToken=abc\n${'long line '.repeat(20)}`;
    await mailer.send({ to: 'Ana@Example.com', subject: 'Tala: i-reset ang password — ñ', text });
    const [message] = smtp.messages('ana@example.com');
    expect(message).toMatchObject({ from: 'no-reply@tala.localhost', to: ['ana@example.com'] });
    expect(message?.subject).toBe('Tala: i-reset ang password — ñ');
    expect(message?.text).toBe(text.trimEnd());
    const inbox = (await (await fetch(`${smtp.inboxUrl}/messages?to=ana@example.com`)).json()) as {
      messages: { subject: string }[];
    };
    expect(inbox.messages[0]?.subject).toBe('Tala: i-reset ang password — ñ');
  });

  it('fails when the mail server cannot be reached', async () => {
    await expect(
      smtpMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'no-reply@tala.localhost' }).send({
        to: 'a@b.co',
        subject: 's',
        text: 't',
      }),
    ).rejects.toThrow();
  });
});
