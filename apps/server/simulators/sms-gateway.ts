// An SMS gateway simulator speaking the HTTP protocol of the real adapter (apps/server/src/modules/messaging):
//   POST /messages  {"from","to","text"}  with `Authorization: Bearer <key>` when a key is set  → 202 {"id","status"}
//   GET  /messages[?to=+63…]  → {"messages":[…]}   (the simulator's inbox, for tests and local runs)
//   DELETE /messages         → clears the inbox
// Run on its own: `npx tsx apps/server/simulators/sms-gateway.ts --port 5025 [--key secret]`.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type SimulatedSms = { id: string; from: string; to: string; text: string; receivedAt: string };

export type SmsGatewaySimulator = {
  url: string;
  messages: (to?: string) => SimulatedSms[];
  clear: () => void;
  close: () => Promise<void>;
};

const MAX_BODY = 16 * 1024;
const KEEP = 10_000;

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startSmsGateway(
  options: { port?: number; host?: string; apiKey?: string } = {},
): Promise<SmsGatewaySimulator> {
  const inbox: SimulatedSms[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (url.pathname !== '/messages') return reply(res, 404, { error: 'not_found' });
    if (req.method === 'GET') {
      const to = url.searchParams.get('to');
      return reply(res, 200, { messages: to ? inbox.filter((m) => m.to === to) : inbox });
    }
    if (req.method === 'DELETE') {
      inbox.length = 0;
      return reply(res, 200, { messages: [] });
    }
    if (req.method !== 'POST') return reply(res, 405, { error: 'method_not_allowed' });
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`)
      return reply(res, 401, { error: 'unauthorized' });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      let body: { from?: unknown; to?: unknown; text?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return reply(res, 400, { error: 'invalid_json' });
      }
      const { from, to, text } = body;
      if (typeof to !== 'string' || !/^\+[0-9]{6,18}$/.test(to))
        return reply(res, 400, { error: 'invalid_destination' });
      if (typeof text !== 'string' || text.length === 0 || text.length > 1600)
        return reply(res, 400, { error: 'invalid_text' });
      const message: SimulatedSms = {
        id: crypto.randomUUID(),
        from: typeof from === 'string' ? from : '',
        to,
        text,
        receivedAt: new Date().toISOString(),
      };
      inbox.push(message);
      if (inbox.length > KEEP) inbox.shift();
      return reply(res, 202, { id: message.id, status: 'queued' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    messages: (to) => (to ? inbox.filter((m) => m.to === to) : [...inbox]),
    clear: () => {
      inbox.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (process.argv[1]?.endsWith('sms-gateway.ts') || process.argv[1]?.endsWith('sms-gateway.js')) {
  const simulator = await startSmsGateway({
    port: Number(argument('port') ?? 5025),
    apiKey: argument('key'),
  });
  console.log(`SMS gateway simulator on ${simulator.url} (POST/GET/DELETE /messages)`);
}
