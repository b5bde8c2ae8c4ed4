// An SMTP server simulator (the `smtp-server` package on loopback) that keeps every message it accepts, so the
// e-mail adapter is tested across a real SMTP conversation. With `httpPort`, its inbox is also readable over HTTP:
//   GET /messages[?to=addr]  → {"messages":[{"id","from","to","subject","text","receivedAt"}]}
// Run on its own: `npx tsx apps/server/simulators/smtp.ts --port 5587 --http-port 5588`.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SimulatedEmail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
};

export type SmtpSimulator = {
  url: string;
  inboxUrl: string | null;
  messages: (to?: string) => SimulatedEmail[];
  close: () => Promise<void>;
};

const MAX_MESSAGE = 256 * 1024;
const KEEP = 10_000;

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) in a header. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g,
    (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const soft = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

type Part = { headers: Map<string, string>; body: string };

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** The plain-text body of a message: the message itself, or its first text/plain part. */
function plainText(part: Part): string {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1, -1);
    for (const piece of pieces) {
      const inner = parsePart(piece.replace(/^\r?\n/, ''));
      const text = plainText(inner);
      if (text) return text;
    }
    return '';
  }
  return type.toLowerCase().startsWith('text/plain') ? decodeBody(part).replace(/\r\n/g, '\n').trimEnd() : '';
}

export function parseMessage(raw: string) {
  const part = parsePart(raw);
  return { subject: decodeWords(part.headers.get('subject') ?? ''), text: plainText(part) };
}

export async function startSmtpServer(
  options: { port?: number; host?: string; httpPort?: number } = {},
): Promise<SmtpSimulator> {
  const host = options.host ?? '127.0.0.1';
  const inbox: SimulatedEmail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'simulator' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(new Error('message too large'));
        const { subject, text } = parseMessage(Buffer.concat(chunks).toString('utf8'));
        const from = session.envelope.mailFrom;
        inbox.push({
          id: crypto.randomUUID(),
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text,
          receivedAt: new Date().toISOString(),
        });
        if (inbox.length > KEEP) inbox.shift();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const messages = (to?: string) => (to ? inbox.filter((m) => m.to.includes(to.toLowerCase())) : [...inbox]);

  let inboxServer: http.Server | undefined;
  let inboxUrl: string | null = null;
  if (options.httpPort !== undefined) {
    inboxServer = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://simulator');
      if (req.method !== 'GET' || url.pathname !== '/messages') {
        res.writeHead(404).end();
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ messages: messages(url.searchParams.get('to') ?? undefined) }));
    });
    await new Promise<void>((resolve) => inboxServer?.listen(options.httpPort, host, () => resolve()));
    inboxUrl = `http://${host}:${(inboxServer.address() as AddressInfo).port}`;
  }

  return {
    url: `smtp://${host}:${port}`,
    inboxUrl,
    messages,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (inboxServer) {
        inboxServer.closeAllConnections();
        await new Promise<void>((resolve) => inboxServer?.close(() => resolve()));
      }
    },
  };
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (process.argv[1]?.endsWith('smtp.ts') || process.argv[1]?.endsWith('smtp.js')) {
  const simulator = await startSmtpServer({
    port: Number(argument('port') ?? 5587),
    httpPort: Number(argument('http-port') ?? 5588),
  });
  console.log(`SMTP simulator on ${simulator.url}, inbox on ${simulator.inboxUrl}/messages`);
}
