// A payment gateway, simulated (the "sandbox" gateway SANDBOXPAY): its own process speaking the protocol of
// src/modules/payments/gateway-protocol.ts over real HTTP. The server creates an order with a signed call; the member's
// browser opens the payment page, pays or cancels; the gateway then sends a signed notification to the server and
// sends the browser back to the site.
//   GATEWAY_ACCOUNTS JSON object: merchant number → secret
//   PORT             where to listen (0 = any free port); the first stdout line is {"port": N}
// Test hooks: GET /api/orders/:txnId (the order and the last notification sent), POST /api/orders/:txnId/notify
// (send the notification again, with a fresh nonce, as gateways do when unsure it arrived).
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  checkGatewaySignature,
  gatewayHeaderNames,
  signGateway,
} from '../src/modules/payments/gateway-protocol.ts';

type Order = {
  gatewayTxnId: string;
  merchantNo: string;
  orderNo: string;
  amount: number;
  currency: string;
  exponent: number;
  notifyUrl: string;
  returnUrl: string;
  status: 'open' | 'paid' | 'failed';
  createdAt: string;
};

type SentNotification = {
  headers: Record<string, string>;
  body: string;
  responseStatus: number | null;
  responseBody: string | null;
};

export type PaymentGatewaySimulator = {
  url: string;
  order: (gatewayTxnId: string) => (Order & { notifications: SentNotification[] }) | undefined;
  close: () => Promise<void>;
};

const MAX_BODY = 16 * 1024;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const escapeHtml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function money(minor: number, exponent: number) {
  const value = minor / 10 ** exponent;
  return value.toLocaleString('en-US', { minimumFractionDigits: exponent, maximumFractionDigits: exponent });
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>
body{margin:0;font-family:system-ui,sans-serif;background:#eef2ff;color:#1e1b4b;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;box-shadow:0 10px 30px #312e8133;padding:28px;width:min(380px,90vw);display:grid;gap:14px}
h1{margin:0;font-size:1.25rem} dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0} dt{color:#6366f1}
dd{margin:0;font-weight:600;text-align:right} .amount{font-size:1.8rem;font-weight:800;text-align:center}
form{display:grid;gap:10px} button{font:inherit;font-weight:700;padding:12px;border-radius:10px;border:0;cursor:pointer}
.pay{background:#4f46e5;color:#fff} .cancel{background:#e0e7ff;color:#312e81} .note{font-size:.85rem;color:#4b5563}
.error{color:#b91c1c} a{color:#4338ca;font-weight:700}
</style></head><body><main>${body}</main></body></html>`;
}

export async function startPaymentGateway(options: {
  port?: number;
  host?: string;
  accounts: Record<string, string>;
}): Promise<PaymentGatewaySimulator> {
  const orders = new Map<string, Order & { notifications: SentNotification[] }>();
  const accounts = options.accounts;

  async function notify(order: Order & { notifications: SentNotification[] }) {
    const secret = accounts[order.merchantNo];
    if (!secret) throw new Error('unknown merchant');
    const body = JSON.stringify({
      merchantNo: order.merchantNo,
      orderNo: order.orderNo,
      gatewayTxnId: order.gatewayTxnId,
      amount: order.amount,
      status: order.status === 'paid' ? 'paid' : 'failed',
    });
    const headers = signGateway(secret, body);
    const sent: SentNotification = { headers, body, responseStatus: null, responseBody: null };
    order.notifications.push(sent);
    // Gateways retry a notification that did not get a 2xx; three tries, a moment apart.
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const response = await fetch(order.notifyUrl, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(10_000),
        });
        sent.responseStatus = response.status;
        sent.responseBody = await response.text();
        if (response.ok) return true;
        if (response.status < 500) return false;
      } catch {
        sent.responseStatus = null;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
    return false;
  }

  async function createOrder(req: http.IncomingMessage, res: http.ServerResponse, base: string) {
    const raw = await readBody(req);
    let order: Partial<Order>;
    try {
      order = JSON.parse(raw) as Partial<Order>;
    } catch {
      return json(res, 400, { success: false, errorCode: 'bad_request', message: 'Body is not JSON' });
    }
    const secret = accounts[String(order.merchantNo)];
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const check = secret
      ? checkGatewaySignature(
          secret,
          {
            timestamp: header(gatewayHeaderNames.timestamp),
            nonce: header(gatewayHeaderNames.nonce),
            signature: header(gatewayHeaderNames.signature),
          },
          raw,
        )
      : 'invalid';
    if (check !== 'ok') {
      return json(res, 401, { success: false, errorCode: 'signature_invalid', message: 'Bad signature' });
    }
    const valid =
      typeof order.orderNo === 'string' &&
      Number.isSafeInteger(order.amount) &&
      (order.amount as number) > 0 &&
      typeof order.notifyUrl === 'string' &&
      typeof order.returnUrl === 'string' &&
      /^https?:\/\//.test(order.notifyUrl) &&
      /^https?:\/\//.test(order.returnUrl);
    if (!valid) return json(res, 400, { success: false, errorCode: 'bad_request', message: 'Bad order' });
    const existing = [...orders.values()].find(
      (o) => o.merchantNo === order.merchantNo && o.orderNo === order.orderNo,
    );
    const stored = existing ?? {
      gatewayTxnId: `SBX${Date.now().toString(36).toUpperCase()}${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
      merchantNo: order.merchantNo as string,
      orderNo: order.orderNo as string,
      amount: order.amount as number,
      currency: typeof order.currency === 'string' ? order.currency : 'PHP',
      exponent: Number.isInteger(order.exponent) ? (order.exponent as number) : 2,
      notifyUrl: order.notifyUrl as string,
      returnUrl: order.returnUrl as string,
      status: 'open' as const,
      createdAt: new Date().toISOString(),
      notifications: [],
    };
    orders.set(stored.gatewayTxnId, stored);
    return json(res, 200, {
      success: true,
      value: { gatewayTxnId: stored.gatewayTxnId, payUrl: `${base}/pay/${stored.gatewayTxnId}` },
    });
  }

  function paymentPage(order: Order, res: http.ServerResponse, message = '') {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (order.status !== 'open') {
      const done = order.status === 'paid' ? 'This order is paid.' : 'This payment was cancelled.';
      res.end(
        page(
          'SandboxPay',
          `<h1>SandboxPay</h1><p role="status">${done}</p><a href="${escapeHtml(order.returnUrl)}">Return to the merchant</a>`,
        ),
      );
      return;
    }
    res.end(
      page(
        'SandboxPay checkout',
        `<h1>SandboxPay checkout</h1>
<p class="amount" aria-label="Amount to pay">${escapeHtml(order.currency)} ${money(order.amount, order.exponent)}</p>
<dl><dt>Merchant</dt><dd>${escapeHtml(order.merchantNo)}</dd><dt>Order</dt><dd>${escapeHtml(order.orderNo)}</dd>
<dt>Transaction</dt><dd>${escapeHtml(order.gatewayTxnId)}</dd></dl>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post"><button class="pay" name="action" value="pay">Pay now</button>
<button class="cancel" name="action" value="cancel">Cancel payment</button></form>
<p class="note">Sandbox: no real money moves. Paying sends a signed notification to the merchant.</p>`,
      ),
    );
  }

  const server = http.createServer((req, res) => {
    const address = server.address() as AddressInfo;
    const base = `http://${req.headers.host ?? `127.0.0.1:${address.port}`}`;
    const url = new URL(req.url ?? '/', base);
    const parts = url.pathname.split('/').filter(Boolean);
    void (async () => {
      if (req.method === 'POST' && url.pathname === '/api/orders') return createOrder(req, res, base);
      if (parts[0] === 'api' && parts[1] === 'orders' && parts[2]) {
        const order = orders.get(parts[2]);
        if (!order)
          return json(res, 404, { success: false, errorCode: 'not_found', message: 'No such order' });
        if (req.method === 'GET' && parts.length === 3)
          return json(res, 200, { success: true, value: order });
        if (req.method === 'POST' && parts[3] === 'notify' && order.status !== 'open') {
          const delivered = await notify(order);
          return json(res, 200, { success: true, value: { delivered } });
        }
      }
      if (parts[0] === 'pay' && parts[1]) {
        const order = orders.get(parts[1]);
        if (!order) {
          res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(page('SandboxPay', '<h1>SandboxPay</h1><p class="error">No such payment.</p>'));
        }
        if (req.method === 'GET') return paymentPage(order, res);
        if (req.method === 'POST') {
          const form = new URLSearchParams(await readBody(req));
          if (order.status === 'open') order.status = form.get('action') === 'pay' ? 'paid' : 'failed';
          const delivered = await notify(order);
          if (!delivered)
            return paymentPage({ ...order, status: 'open' }, res, 'The merchant did not confirm.');
          res.writeHead(303, { location: order.returnUrl }).end();
          return;
        }
      }
      json(res, 404, { success: false, errorCode: 'not_found', message: 'Not found' });
    })().catch(() => {
      if (!res.headersSent)
        json(res, 400, { success: false, errorCode: 'bad_request', message: 'Bad request' });
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    order: (id) => orders.get(id),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1]?.endsWith('payment-gateway.ts') || process.argv[1]?.endsWith('payment-gateway.js')) {
  const accounts = JSON.parse(process.env.GATEWAY_ACCOUNTS ?? '{}') as Record<string, string>;
  const simulator = await startPaymentGateway({ port: Number(process.env.PORT ?? 0), accounts });
  console.log(JSON.stringify({ port: Number(new URL(simulator.url).port) }));
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
