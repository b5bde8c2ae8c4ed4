// A third-party game vendor, simulated: its own process, speaking our seamless-wallet contract over real HTTP
// (signed calls to /vendor-api/<vendor>/...), and serving a simple game page at its launch address.
//   TALA_API_URL   our server, e.g. http://127.0.0.1:3000
//   VENDOR_SECRETS JSON object: vendor code → API secret
//   PORT           where to listen (0 = any free port); the first stdout line is {"port": N}
import crypto from 'node:crypto';
import http from 'node:http';
import { signedHeaders } from '../src/lib/vendor-signature.ts';

const api = process.env.TALA_API_URL ?? 'http://127.0.0.1:3000';
const secrets: Record<string, string> = JSON.parse(process.env.VENDOR_SECRETS ?? '{}');

type Envelope<T> =
  | { success: true; value: T }
  | { success: false; errorCode: string; message: string; balance?: number };

async function call<T>(vendor: string, path: string, body: unknown): Promise<Envelope<T>> {
  const secret = secrets[vendor];
  if (!secret) return { success: false, errorCode: 'unknown_vendor', message: `No secret for ${vendor}` };
  const raw = JSON.stringify(body);
  const response = await fetch(`${api}/vendor-api/${vendor}/${path}`, {
    method: 'POST',
    headers: signedHeaders(secret, raw),
    body: raw,
  });
  return (await response.json()) as Envelope<T>;
}

const escapeHtml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (minor: number) =>
  (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{margin:0;font-family:system-ui,sans-serif;background:#111827;color:#f9fafb;display:grid;place-items:center;min-height:100vh}
main{background:#1f2937;border-radius:16px;padding:24px;width:min(360px,90vw);display:grid;gap:12px;text-align:center}
h1{margin:0;font-size:1.3rem} .badge{background:#f59e0b;color:#111827;border-radius:999px;padding:2px 10px;font-weight:700;font-size:.8rem}
output{font-size:1.6rem;font-weight:800} button,select{font:inherit;padding:10px;border-radius:10px;border:0}
button{background:#10b981;color:#052e16;font-weight:800;cursor:pointer} button:disabled{opacity:.5}
#result{min-height:1.4em} .error{color:#fca5a5}
</style></head><body><main>${body}</main></body></html>`;
}

async function launch(url: URL, res: http.ServerResponse) {
  const token = url.searchParams.get('token') ?? '';
  const vendor = url.searchParams.get('vendor') ?? '';
  const auth = await call<{
    playerId: string;
    nickname: string;
    balance: number;
    demo: boolean;
    gameCode: string;
  }>(vendor, 'authenticate', { token });
  res.setHeader('content-type', 'text/html; charset=utf-8');
  if (!auth.success) {
    res.statusCode = 401;
    res.end(
      page('Game unavailable', `<h1>Game unavailable</h1><p class="error">${escapeHtml(auth.message)}</p>`),
    );
    return;
  }
  const a = auth.value;
  res.end(
    page(
      a.gameCode,
      `<h1>${escapeHtml(a.gameCode)}</h1>${a.demo ? '<span class="badge">DEMO — play money</span>' : ''}
<p>Player ${escapeHtml(a.nickname)}</p>
<p>Balance <output id="balance" aria-label="Balance">${money(a.balance)}</output></p>
<label>Stake <select id="stake" aria-label="Stake"><option value="100">1.00</option><option value="500">5.00</option><option value="1000">10.00</option></select></label>
<button id="spin" type="button">Spin</button>
<p id="result" role="status"></p>
<script>
const spin = document.getElementById('spin');
spin.addEventListener('click', async () => {
  spin.disabled = true;
  const r = await fetch('/play', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: ${JSON.stringify(token)}, vendor: ${JSON.stringify(vendor)}, playerId: ${JSON.stringify(a.playerId)},
      gameCode: ${JSON.stringify(a.gameCode)}, stake: Number(document.getElementById('stake').value) }) });
  const body = await r.json();
  const result = document.getElementById('result');
  if (body.ok) {
    document.getElementById('balance').textContent = body.balanceText;
    result.textContent = body.win > 0 ? 'You won ' + body.winText + '!' : 'No win this time.';
    result.className = '';
  } else { result.textContent = body.message; result.className = 'error'; if (body.balanceText) document.getElementById('balance').textContent = body.balanceText; }
  spin.disabled = false;
});
</script>`,
    ),
  );
}

async function play(body: {
  token: string;
  vendor: string;
  playerId: string;
  gameCode: string;
  stake: number;
}) {
  const roundId = crypto.randomUUID();
  const bet = await call<{ balance: number }>(body.vendor, 'bet', {
    token: body.token,
    playerId: body.playerId,
    transactionId: `bet-${roundId}`,
    roundId,
    gameCode: body.gameCode,
    amount: body.stake,
  });
  if (!bet.success)
    return {
      ok: false,
      message: bet.message,
      balanceText: bet.balance === undefined ? undefined : money(bet.balance),
    };
  // A simple game: 45% of rounds pay between 0.5x and 4x the stake.
  const win = crypto.randomInt(100) < 45 ? Math.round((body.stake * (50 + crypto.randomInt(351))) / 100) : 0;
  const settled = await call<{ balance: number }>(body.vendor, 'win', {
    playerId: body.playerId,
    transactionId: `win-${roundId}`,
    roundId,
    gameCode: body.gameCode,
    amount: win,
  });
  if (!settled.success) return { ok: false, message: settled.message };
  return {
    ok: true,
    roundId,
    win,
    winText: money(win),
    balance: settled.value.balance,
    balanceText: money(settled.value.balance),
  };
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (req.method === 'GET' && url.pathname === '/launch') return await launch(url, res);
    if (req.method === 'GET' && url.pathname === '/health') return res.end('ok');
    if (req.method === 'POST' && url.pathname === '/play') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const result = await play(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify(result));
    }
    res.statusCode = 404;
    res.end('not found');
  } catch (error) {
    res.statusCode = 500;
    res.end(String(error));
  }
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
