import nodemailer, { type Transporter } from 'nodemailer';

/** An SMS gateway: sends one text to one number in international form (+639171234567). */
export type SmsGateway = { send: (to: string, text: string) => Promise<{ messageId: string | null }> };

/** A mail server: sends one plain-text message. */
export type Mailer = {
  send: (message: { to: string; subject: string; text: string }) => Promise<{ messageId: string | null }>;
};

const TIMEOUT_MS = 10_000;

/**
 * The HTTP SMS gateway protocol: POST {url}/messages with JSON {from, to, text} and, when a key is configured,
 * `Authorization: Bearer <key>`; any 2xx with {id} is accepted. apps/server/simulators/sms-gateway.ts speaks it.
 */
export function httpSmsGateway(options: {
  url: string;
  apiKey: string | null;
  senderId: string;
}): SmsGateway {
  const endpoint = `${options.url.replace(/\/+$/, '')}/messages`;
  return {
    async send(to, text) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({ from: options.senderId, to, text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      const body = (await response.json().catch(() => ({}))) as { id?: unknown };
      return { messageId: typeof body.id === 'string' ? body.id : null };
    },
  };
}

const transports = new Map<string, Transporter>();

/** SMTP through nodemailer; one pooled transport per server URL. */
export function smtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  let transport = transports.get(options.smtpUrl);
  if (!transport) {
    const url = new URL(options.smtpUrl);
    const secure = url.protocol === 'smtps:';
    transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port) || (secure ? 465 : 587),
      secure,
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      // The loopback simulator speaks plain SMTP; real servers upgrade with STARTTLS when they offer it.
      ignoreTLS: url.hostname === '127.0.0.1' || url.hostname === 'localhost',
      pool: true,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
    transports.set(options.smtpUrl, transport);
  }
  const sender = transport;
  return {
    async send(message) {
      const info = await sender.sendMail({ from: options.from, ...message });
      return { messageId: info.messageId ?? null };
    },
  };
}

/** Closes the pooled SMTP connections (at shutdown). */
export function closeMailers() {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
