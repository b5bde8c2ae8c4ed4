import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentGateway as startGatewaySimulator } from '../../../simulators/payment-gateway.ts';
import { buildApp } from '../../app.ts';
import { migrate } from '../../db/migrate.ts';
import { seedDemo } from '../../seed/demo.ts';
import { freshDatabase, operatorAuth } from '../../testing/test-app.ts';
import { jpeg, multipart, png, webp } from '../content/test-fixtures.ts';
import { solvedChallenge, tokenOf, uniqueName } from '../members/member-fixtures.ts';
import { gatewayHeaderNames, signGateway } from './gateway-protocol.ts';
import { withPaymentTables } from './payments.tables.ts';

// The whole server listening on a real port, with the sandbox gateway as a real HTTP peer: orders are created over
// the network and notifications come back over it, signed, as in production.
let gatewayUrl: string | undefined;
let callbackBase: string | undefined;
const database = await freshDatabase();
await migrate(database.db);
const { app, services } = await buildApp({
  db: database.db,
  serveApps: false,
  paymentGatewayUrl: () => gatewayUrl,
  callbackBaseUrl: () => callbackBase,
});
await seedDemo(services, { catalogueScale: 0.03 });
await app.listen({ port: 0, host: '127.0.0.1' });
callbackBase = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const gateway = await startGatewaySimulator({ accounts: await services.payments.ensureSandboxCredentials() });
gatewayUrl = gateway.url;
afterAll(async () => {
  await gateway.close();
  await app.close();
  await database.close();
});

const tala = await services.merchants.byCode('tala');
const PAY = '246810';

/** A member of tala with a login password, payee name, payment password and an opening balance. */
async function member(options: { uplineId?: number; type?: number; balance?: number; payee?: string } = {}) {
  const username = uniqueName('pm');
  const id = await services.members.create(tala, {
    username,
    password: 'secret123',
    payeeName: options.payee ?? 'Ana Reyes',
    ...(options.type ? { type: options.type } : {}),
    ...(options.uplineId ? { uplineId: options.uplineId } : {}),
  });
  const token = await tokenOf(app, username, 'secret123');
  const set = await call(token, 'POST', '/wps/relay/PAY_paymentPassword', {
    loginPassword: 'secret123',
    paymentPassword: PAY,
  });
  expect(set.statusCode, set.body).toBe(200);
  if (options.balance) await fund(id, options.balance);
  return { id, username, token };
}

async function fund(memberId: number, amount: number) {
  await services.wallet.transfer(services.db, {
    merchantId: tala.id,
    idempotencyKey: `test:fund:${memberId}:${uniqueName('k')}`,
    type: 'deposit',
    from: await services.wallet.houseAccount(tala.id, 'house_deposit_clearing'),
    to: await services.wallet.memberAccount(tala.id, memberId),
    amount,
    actor: { type: 'system' },
  });
}

async function balanceOf(memberId: number) {
  return services.wallet.balance(await services.wallet.memberAccount(tala.id, memberId));
}

function call(token: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function addCard(token: string, accountNumber = `${Date.now()}`.slice(-10), payeeName = 'Ana Reyes') {
  const response = await call(token, 'POST', '/wps/relay/PAY_bankCards', {
    bankName: 'BPI',
    accountNumber,
    payeeName,
    paymentPassword: PAY,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.id as number;
}

let owner: string;
let finance: string;
let support: string;
beforeAll(async () => {
  owner = await operatorAuth(app, 'owner', 'owner-demo-1');
  finance = await operatorAuth(app, 'finance', 'finance-demo-1');
  support = await operatorAuth(app, 'support', 'support-demo-1');
});

function admin(auth: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { authorization: auth },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function freePlayToken() {
  const response = await app.inject({
    method: 'POST',
    url: '/wps/session/login/freeplay',
    remoteAddress: '10.31.0.1',
    headers: { 'gateway-version': '3' },
    payload: { os: 'Linux', platform: 'W', random: 'abc', challenge: await solvedChallenge(app) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.token as string;
}

/** The JSON body of a fetch response (our envelopes and the simulator's). */
// biome-ignore lint/suspicious/noExplicitAny: test reads of envelopes of several shapes
async function json(response: Response): Promise<any> {
  return response.json();
}

async function ledgerCount() {
  const row = await services.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('wallets', () => {
  it('reports a single wallet or the transfer vendors, and moves money to a vendor wallet and back', async () => {
    const m = await member({ balance: 50_000 });
    const wallet = await call(m.token, 'GET', '/wps/relay/GCS_merchantWallet');
    expect(wallet.json().value.isSingle).toBe(false);
    expect(wallet.json().value.transferVendors.map((v: { vendorCode: string }) => v.vendorCode)).toContain(
      'TALA_SPORTS',
    );
    const moveIn = await call(m.token, 'POST', '/wps/relay/GCS_walletTransfer', {
      vendorCode: 'TALA_SPORTS',
      direction: 'in',
      amount: 20_000,
    });
    expect(moveIn.json(), moveIn.body).toMatchObject({
      success: true,
      value: { mainBalance: 30_000, vendorBalance: 20_000 },
    });
    const funds = await call(m.token, 'GET', '/wps/member/info/funds/consolidated');
    expect(funds.json().value).toMatchObject({
      sumBalance: 50_000,
      mainBalance: 30_000,
      currencySymbol: 'P',
    });
    const back = await call(m.token, 'POST', '/wps/relay/GCS_walletTransfer', {
      vendorCode: 'TALA_SPORTS',
      direction: 'out',
      amount: '20000',
    });
    expect(back.json().value).toMatchObject({ mainBalance: 50_000, vendorBalance: 0 });
    const seamless = await call(m.token, 'POST', '/wps/relay/GCS_walletTransfer', {
      vendorCode: 'PALARO',
      direction: 'in',
      amount: 100,
    });
    expect(seamless.json().errorCode).toBe('vendor_not_transfer_wallet');
    const tooMuch = await call(m.token, 'POST', '/wps/relay/GCS_walletTransfer', {
      vendorCode: 'TALA_SPORTS',
      direction: 'out',
      amount: 1,
    });
    expect(tooMuch.json().errorCode).toBe('insufficient_funds');
    expect(await balanceOf(m.id)).toBe(50_000);
  });

  it('needs a session; a trial member sees its demo money and may not move real money', async () => {
    expect((await call(undefined, 'GET', '/wps/member/info/funds/consolidated')).statusCode).toBe(401);
    const trial = await freePlayToken();
    const funds = await call(trial, 'GET', '/wps/member/info/funds/consolidated');
    expect(funds.json().value).toMatchObject({ sumBalance: 200_000, vendorWallets: [] });
    for (const [method, url] of [
      ['POST', '/wps/relay/GCS_walletTransfer'],
      ['GET', '/wps/relay/PAY_depositChannels'],
      ['POST', '/wps/relay/PAY_withdraw'],
      ['POST', '/wps/relay/PAY_transferUpline'],
      ['GET', '/wps/relay/PAY_transactionHistory'],
      ['GET', '/wps/relay/PAY_bankCards'],
    ] as const) {
      const response = await call(trial, method, url, method === 'POST' ? {} : undefined);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().errorCode, url).toBe('in_need_true_account');
    }
  });
});

describe('bank cards and the payment password', () => {
  it('binds a card only with the registered payee name and the payment password', async () => {
    const m = await member();
    const wrongName = await call(m.token, 'POST', '/wps/relay/PAY_bankCards', {
      bankName: 'BPI',
      accountNumber: '123456789',
      payeeName: 'Someone Else',
      paymentPassword: PAY,
    });
    expect(wrongName.json()).toMatchObject({ errorCode: 'payee_name_mismatch', field: 'payeeName' });
    const wrongPassword = await call(m.token, 'POST', '/wps/relay/PAY_bankCards', {
      bankName: 'BPI',
      accountNumber: '123456789',
      payeeName: ' ana  REYES ',
      paymentPassword: 'not-the-one',
    });
    expect(wrongPassword.json().errorCode).toBe('payment_password_incorrect');
    await addCard(m.token, '123456789', ' ana  REYES ');
    const again = await call(m.token, 'POST', '/wps/relay/PAY_bankCards', {
      bankName: 'BPI',
      accountNumber: '123456789',
      payeeName: 'Ana Reyes',
      paymentPassword: PAY,
    });
    expect(again.json().errorCode).toBe('bank_card_duplicate');
    const cards = await call(m.token, 'GET', '/wps/relay/PAY_bankCards');
    expect(cards.json().value).toEqual([
      expect.objectContaining({ accountMasked: '**** 6789', bankName: 'BPI' }),
    ]);
    expect(cards.body).not.toContain('123456789');
  });

  it('asks for the login password to set it, and refuses a card before it is set', async () => {
    const username = uniqueName('pw');
    await services.members.create(tala, { username, password: 'secret123', payeeName: 'Lito Cruz' });
    const token = await tokenOf(app, username, 'secret123');
    expect((await call(token, 'GET', '/wps/relay/PAY_paymentPassword')).json().value.isSet).toBe(false);
    const card = await call(token, 'POST', '/wps/relay/PAY_bankCards', {
      bankName: 'BPI',
      accountNumber: '55556666',
      payeeName: 'Lito Cruz',
      paymentPassword: 'whatever1',
    });
    expect(card.json().errorCode).toBe('payment_password_not_set');
    const wrongLogin = await call(token, 'POST', '/wps/relay/PAY_paymentPassword', {
      loginPassword: 'nope',
      paymentPassword: '135790',
    });
    expect(wrongLogin.json().errorCode).toBe('old_password_incorrect');
    const notDigits = await call(token, 'POST', '/wps/relay/PAY_paymentPassword', {
      loginPassword: 'secret123',
      paymentPassword: 'abcdef',
    });
    expect(notDigits.statusCode).toBe(400);
    expect(notDigits.json()).toMatchObject({ errorCode: 'rule_violation', field: 'paymentPassword' });
    expect(notDigits.json().message).toMatch(/^paymentPassword: \S/);
    const set = await call(token, 'POST', '/wps/relay/PAY_paymentPassword', {
      loginPassword: 'secret123',
      paymentPassword: '135790',
    });
    expect(set.statusCode).toBe(200);
    expect((await call(token, 'GET', '/wps/relay/PAY_paymentPassword')).json().value.isSet).toBe(true);
  });

  it("refuses another member's card, for removal and for withdrawal", async () => {
    const a = await member({ balance: 100_000 });
    const b = await member({ balance: 100_000 });
    const cardOfA = await addCard(a.token);
    const remove = await call(b.token, 'POST', `/wps/relay/PAY_bankCards/${cardOfA}/remove`, {
      paymentPassword: PAY,
    });
    expect(remove.json().errorCode).toBe('bank_card_not_yours');
    const withdraw = await call(b.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 20_000,
      bankCardId: cardOfA,
      paymentPassword: PAY,
    });
    expect(withdraw.statusCode).toBe(404);
    expect(withdraw.json()).toMatchObject({ errorCode: 'bank_card_not_yours', field: 'bankCardId' });
    expect(await balanceOf(b.id)).toBe(100_000);
  });

  it('removes a card with the payment password, but not while a withdrawal to it is unfinished', async () => {
    const m = await member({ balance: 100_000 });
    const card = await addCard(m.token);
    const remove = (paymentPassword: string) =>
      call(m.token, 'POST', `/wps/relay/PAY_bankCards/${card}/remove`, { paymentPassword });
    const withdrawal = await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 20_000,
      bankCardId: card,
      paymentPassword: PAY,
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const whilePending = await remove(PAY);
    expect(whilePending.statusCode).toBe(409);
    expect(whilePending.json()).toMatchObject({ errorCode: 'bank_card_withdrawal_pending', field: 'id' });
    const queue = await admin(
      support,
      'GET',
      `/admin-api/payments/withdrawals?merchantCode=tala&q=${m.username}`,
    );
    expect(queue.json().value.list).toEqual([
      expect.objectContaining({ orderNo: withdrawal.json().value.orderNo, username: m.username }),
    ]);
    const rejected = await admin(
      finance,
      'POST',
      `/admin-api/payments/withdrawals/${withdrawal.json().value.id}/reject`,
      { reason: 'Card to be replaced' },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await remove('not-the-one')).json().errorCode).toBe('payment_password_incorrect');
    expect((await call(m.token, 'GET', '/wps/relay/PAY_bankCards')).json().value).toHaveLength(1);
    const removed = await remove(PAY);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(m.token, 'GET', '/wps/relay/PAY_bankCards')).json().value).toEqual([]);
    expect((await remove(PAY)).json().errorCode).toBe('bank_card_not_yours');
    const toRemoved = await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 20_000,
      bankCardId: card,
      paymentPassword: PAY,
    });
    expect(toRemoved.json().errorCode).toBe('bank_card_not_yours');
    expect(await balanceOf(m.id)).toBe(100_000);
  });
});

describe('withdrawals', () => {
  it('refuses each bad amount with its own code and moves no money', async () => {
    const m = await member({ balance: 200_000 });
    const card = await addCard(m.token);
    const before = await ledgerCount();
    const cases: [unknown, string][] = [
      [0, 'amount_zero'],
      [-5_000, 'amount_negative'],
      [15_000.5, 'amount_too_precise'],
      ['150.005', 'amount_too_precise'],
      ['abc', 'amount_not_a_number'],
      [null, 'amount_not_a_number'],
      [true, 'amount_not_a_number'],
      [9_999, 'amount_below_minimum'],
      [5_000_001, 'amount_over_limit'],
    ];
    for (const [amount, code] of cases) {
      const response = await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
        amount,
        bankCardId: card,
        paymentPassword: PAY,
      });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json(), String(amount)).toMatchObject({ errorCode: code, field: 'amount' });
    }
    const wrong = await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 20_000,
      bankCardId: card,
      paymentPassword: 'wrong-pass',
    });
    expect(wrong.json()).toMatchObject({ errorCode: 'payment_password_incorrect', field: 'paymentPassword' });
    const tooMuch = await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 300_000,
      bankCardId: card,
      paymentPassword: PAY,
    });
    expect(tooMuch.json().errorCode).toBe('insufficient_funds');
    expect(await ledgerCount()).toBe(before);
    expect(await balanceOf(m.id)).toBe(200_000);
  });

  it('holds the money, enforces the daily limit, needs a second operator above the threshold, pays partly', async () => {
    const m = await member({ balance: 12_000_000 });
    const card = await addCard(m.token);
    const big = await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 5_000_000,
      bankCardId: card,
      paymentPassword: PAY,
      requestId: 'withdraw-big-1',
    });
    expect(big.json().value, big.body).toMatchObject({ status: 'pending', requiresSecondApproval: true });
    expect(await balanceOf(m.id)).toBe(7_000_000);
    const retried = await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 5_000_000,
      bankCardId: card,
      paymentPassword: PAY,
      requestId: 'withdraw-big-1',
    });
    expect(retried.json().value.id).toBe(big.json().value.id);
    expect(await balanceOf(m.id)).toBe(7_000_000);
    await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 4_000_000,
      bankCardId: card,
      paymentPassword: PAY,
    });
    const overDaily = await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 1_000_001,
      bankCardId: card,
      paymentPassword: PAY,
    });
    expect(overDaily.json().errorCode).toBe('withdrawal_daily_limit');
    expect(await balanceOf(m.id)).toBe(3_000_000);
    const limits = await call(m.token, 'GET', '/wps/relay/PAY_withdrawLimits');
    expect(limits.json().value).toMatchObject({ usedToday: 9_000_000, dailyMaxAmount: 10_000_000 });

    const id = big.json().value.id as number;
    const bySupport = await admin(support, 'POST', `/admin-api/payments/withdrawals/${id}/approve`);
    expect(bySupport.statusCode).toBe(403);
    const first = await admin(finance, 'POST', `/admin-api/payments/withdrawals/${id}/approve`);
    expect(first.json().value.status).toBe('awaiting_second_approval');
    const same = await admin(finance, 'POST', `/admin-api/payments/withdrawals/${id}/approve`);
    expect(same.json().errorCode).toBe('same_operator_approval');
    const early = await admin(owner, 'POST', `/admin-api/payments/withdrawals/${id}/paid`, {
      paidAmount: 5_000_000,
    });
    expect(early.json().errorCode).toBe('payment_state_invalid');
    const second = await admin(owner, 'POST', `/admin-api/payments/withdrawals/${id}/approve`);
    expect(second.json().value).toMatchObject({ status: 'approved', approvedBy: ['finance', 'owner'] });
    const overPaid = await admin(owner, 'POST', `/admin-api/payments/withdrawals/${id}/paid`, {
      paidAmount: 5_000_001,
    });
    expect(overPaid.json().errorCode).toBe('amount_over_limit');
    const paid = await admin(owner, 'POST', `/admin-api/payments/withdrawals/${id}/paid`, {
      paidAmount: 4_000_000,
    });
    expect(paid.json().value).toMatchObject({ status: 'paid', payout: 'partial', paidAmount: 4_000_000 });
    // The unpaid part went back to the wallet.
    expect(await balanceOf(m.id)).toBe(4_000_000);

    const partly = multipart([
      { name: 'withdrawalId', value: String(id) },
      { name: 'receipt', value: 'partly_received' },
      { name: 'receivedAmount', value: '3500000' },
    ]);
    const confirm = await app.inject({
      method: 'POST',
      url: '/wps/relay/PAY_withdrawConfirm',
      headers: { authorization: m.token, ...partly.headers },
      payload: partly.payload,
    });
    expect(confirm.json().value, confirm.body).toMatchObject({
      status: 'disputed',
      receipt: 'partly_received',
      receivedAmount: 3_500_000,
    });
    const resolve = await admin(owner, 'POST', `/admin-api/payments/withdrawals/${id}/resolve`, {
      refundAmount: 500_000,
      note: 'Bank confirmed 35,000 arrived',
    });
    expect(resolve.json().value.status).toBe('completed');
    expect(await balanceOf(m.id)).toBe(4_500_000);
  });

  it('releases the money on rejection; a member confirms only their own paid withdrawal, with proof images', async () => {
    const m = await member({ balance: 100_000 });
    const other = await member();
    const card = await addCard(m.token);
    const first = await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 30_000,
      bankCardId: card,
      paymentPassword: PAY,
    });
    const rejected = await admin(
      finance,
      'POST',
      `/admin-api/payments/withdrawals/${first.json().value.id}/reject`,
      {
        reason: 'Name check failed',
      },
    );
    expect(rejected.json().value).toMatchObject({ status: 'rejected', rejectReason: 'Name check failed' });
    expect(await balanceOf(m.id)).toBe(100_000);
    const again = await admin(
      finance,
      'POST',
      `/admin-api/payments/withdrawals/${first.json().value.id}/reject`,
      {
        reason: 'twice',
      },
    );
    expect(again.json().errorCode).toBe('payment_state_invalid');
    expect(await balanceOf(m.id)).toBe(100_000);

    const second = await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 40_000,
      bankCardId: card,
      paymentPassword: PAY,
    });
    const id = second.json().value.id as number;
    await admin(finance, 'POST', `/admin-api/payments/withdrawals/${id}/approve`);
    await admin(finance, 'POST', `/admin-api/payments/withdrawals/${id}/paid`, { paidAmount: 40_000 });

    const form = (parts: Parameters<typeof multipart>[0]) =>
      multipart([{ name: 'withdrawalId', value: String(id) }, ...parts]);
    const send = (token: string, body: ReturnType<typeof multipart>) =>
      app.inject({
        method: 'POST',
        url: '/wps/relay/PAY_withdrawConfirm',
        headers: { authorization: token, ...body.headers },
        payload: body.payload,
      });

    expect((await send(other.token, form([{ name: 'receipt', value: 'received' }]))).json().errorCode).toBe(
      'withdrawal_not_found',
    );
    expect((await send(m.token, form([{ name: 'receipt', value: 'not_received' }]))).json().errorCode).toBe(
      'image_required',
    );
    const wrongType = await send(
      m.token,
      form([
        { name: 'receipt', value: 'not_received' },
        { name: 'proof', filename: 'a.webp', contentType: 'image/webp', data: webp(4, 4) },
      ]),
    );
    expect(wrongType.json().errorCode).toBe('image_type_not_allowed');
    const four = await send(
      m.token,
      form([
        { name: 'receipt', value: 'not_received' },
        ...[1, 2, 3, 4].map((i) => ({
          name: 'proof',
          filename: `p${i}.png`,
          contentType: 'image/png',
          data: png(4, 4),
        })),
      ]),
    );
    expect(four.json().errorCode).toBe('too_many_images');
    const tooBig = await send(
      m.token,
      form([
        { name: 'receipt', value: 'not_received' },
        {
          name: 'proof',
          filename: 'big.png',
          contentType: 'image/png',
          data: Buffer.concat([png(4, 4), Buffer.alloc(5 * 1024 * 1024)]),
        },
      ]),
    );
    expect(tooBig.json().errorCode).toBe('image_too_large');
    const notReceived = await send(
      m.token,
      form([
        { name: 'receipt', value: 'not_received' },
        { name: 'proof', filename: 'a.png', contentType: 'image/png', data: png(8, 8) },
        { name: 'proof', filename: 'b.jpg', contentType: 'image/jpeg', data: jpeg(8, 8) },
      ]),
    );
    expect(notReceived.json().value, notReceived.body).toMatchObject({
      status: 'disputed',
      receipt: 'not_received',
      proofCount: 2,
    });
    const proofs = await admin(support, 'GET', `/admin-api/payments/withdrawals/${id}/proofs`);
    expect(proofs.json().value).toHaveLength(2);
    const image = await admin(support, 'GET', `/admin-api/payments/proofs/${proofs.json().value[0]}`);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });

  it('counts an unconfirmed payout as received after the merchant window', async () => {
    const m = await member({ balance: 100_000 });
    const card = await addCard(m.token);
    const made = await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 20_000,
      bankCardId: card,
      paymentPassword: PAY,
    });
    const id = made.json().value.id as number;
    await admin(finance, 'POST', `/admin-api/payments/withdrawals/${id}/approve`);
    await admin(finance, 'POST', `/admin-api/payments/withdrawals/${id}/paid`, { paidAmount: 20_000 });
    await withPaymentTables(services.db)
      .updateTable('withdrawals')
      .set({ paid_at: new Date(Date.now() - 31 * 60_000) })
      .where('id', '=', id)
      .execute();
    const body = multipart([
      { name: 'withdrawalId', value: String(id) },
      { name: 'receipt', value: 'received' },
    ]);
    const late = await app.inject({
      method: 'POST',
      url: '/wps/relay/PAY_withdrawConfirm',
      headers: { authorization: m.token, ...body.headers },
      payload: body.payload,
    });
    expect(late.json().errorCode).toBe('confirmation_closed');
    const list = await call(m.token, 'GET', '/wps/relay/PAY_withdrawList');
    expect(list.json().value.list[0]).toMatchObject({
      id,
      status: 'completed',
      receipt: 'auto_received',
      payout: 'full',
    });
  });
});

describe('deposits', () => {
  it('takes a bank transfer with proof, and the back office approves it once', async () => {
    const m = await member();
    const channels = await call(m.token, 'GET', '/wps/relay/PAY_depositChannels');
    expect(channels.json().value).toMatchObject({
      bank: {
        enabled: true,
        minAmount: 10_000,
        accounts: [expect.objectContaining({ bankName: 'BDO Unibank' })],
      },
      gateway: { available: true, gatewayCode: 'SANDBOXPAY' },
    });
    const bad = multipart([
      { name: 'amount', value: '5000' },
      { name: 'bankAccountId', value: 'bdo-main' },
      { name: 'payerName', value: 'Ana Reyes' },
      { name: 'reference', value: 'REF12345' },
    ]);
    const low = await app.inject({
      method: 'POST',
      url: '/wps/relay/PAY_depositBank',
      headers: { authorization: m.token, ...bad.headers },
      payload: bad.payload,
    });
    expect(low.json()).toMatchObject({ errorCode: 'amount_below_minimum', field: 'amount' });
    const body = multipart([
      { name: 'amount', value: '250000' },
      { name: 'bankAccountId', value: 'bdo-main' },
      { name: 'payerName', value: 'Ana Reyes' },
      { name: 'reference', value: 'BDO-778812' },
      { name: 'proof', filename: 'slip.png', contentType: 'image/png', data: png(16, 16) },
    ]);
    const made = await app.inject({
      method: 'POST',
      url: '/wps/relay/PAY_depositBank',
      headers: { authorization: m.token, ...body.headers },
      payload: body.payload,
    });
    expect(made.json().value, made.body).toMatchObject({
      status: 'pending',
      channel: 'bank',
      amount: 250_000,
      proofCount: 1,
    });
    const id = made.json().value.id as number;
    expect(await balanceOf(m.id)).toBe(0);

    const queue = await admin(
      support,
      'GET',
      '/admin-api/payments/deposits?status=pending&merchantCode=tala',
    );
    expect(queue.json().value.list.some((d: { id: number }) => d.id === id)).toBe(true);
    expect((await admin(support, 'POST', `/admin-api/payments/deposits/${id}/approve`)).statusCode).toBe(403);
    const approved = await admin(finance, 'POST', `/admin-api/payments/deposits/${id}/approve`);
    expect(approved.json().value).toMatchObject({ status: 'approved', decidedBy: 'finance' });
    const twice = await admin(owner, 'POST', `/admin-api/payments/deposits/${id}/approve`);
    expect(twice.json().errorCode).toBe('payment_state_invalid');
    expect(await balanceOf(m.id)).toBe(250_000);
    const mine = await call(m.token, 'GET', '/wps/relay/PAY_depositList');
    expect(mine.json().value.list[0]).toMatchObject({ id, status: 'approved' });
    const csv = await admin(support, 'GET', '/admin-api/payments/deposits.csv?merchantCode=tala');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(made.json().value.orderNo);
  });

  it('rejects a bank transfer without moving money', async () => {
    const m = await member();
    const body = multipart([
      { name: 'amount', value: '20000' },
      { name: 'bankAccountId', value: 'bdo-main' },
      { name: 'payerName', value: 'Ana Reyes' },
      { name: 'reference', value: 'NO-MONEY-1' },
    ]);
    const made = await app.inject({
      method: 'POST',
      url: '/wps/relay/PAY_depositBank',
      headers: { authorization: m.token, ...body.headers },
      payload: body.payload,
    });
    const rejected = await admin(
      owner,
      'POST',
      `/admin-api/payments/deposits/${made.json().value.id}/reject`,
      { reason: 'No money arrived' },
    );
    expect(rejected.json().value).toMatchObject({ status: 'rejected', rejectReason: 'No money arrived' });
    expect(await balanceOf(m.id)).toBe(0);
  });

  it('credits a gateway deposit once through the sandbox; refuses forged and replayed notifications', async () => {
    const m = await member();
    const started = await call(m.token, 'POST', '/wps/relay/PAY_depositGateway', {
      amount: 150_000,
      returnPath: '/index',
    });
    expect(started.json().value, started.body).toMatchObject({ status: 'pending', channel: 'gateway' });
    const payUrl = started.json().value.payUrl as string;
    const orderNo = started.json().value.orderNo as string;
    expect(payUrl.startsWith(gateway.url)).toBe(true);
    const pageHtml = await (await fetch(payUrl)).text();
    expect(pageHtml).toContain(orderNo);
    // The member pays on the gateway's page; the gateway notifies us and sends the browser back.
    const paid = await fetch(payUrl, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/\/index$/);
    expect(await balanceOf(m.id)).toBe(150_000);

    const txnId = payUrl.split('/').at(-1) as string;
    const sent = gateway.order(txnId)?.notifications[0];
    if (!sent) throw new Error('no notification');
    const notifyUrl = `${callbackBase}/vendor-api/payments/SANDBOXPAY/notify`;
    // The same notification again (same nonce): refused.
    const replay = await fetch(notifyUrl, { method: 'POST', headers: sent.headers, body: sent.body });
    expect(replay.status).toBe(401);
    expect((await json(replay)).errorCode).toBe('nonce_reused');
    // Sent again by the gateway with a fresh nonce: accepted, credits nothing more.
    const repeated = await fetch(`${gateway.url}/api/orders/${txnId}/notify`, { method: 'POST' });
    expect((await json(repeated)).value.delivered).toBe(true);
    expect(JSON.parse(gateway.order(txnId)?.notifications[1]?.responseBody ?? '{}').value).toMatchObject({
      credited: false,
      status: 'approved',
    });
    expect(await balanceOf(m.id)).toBe(150_000);

    // Forged: signed with another secret, or tampered with after signing.
    const forgedBody = JSON.stringify({ ...JSON.parse(sent.body), amount: 150_000 });
    const forged = await fetch(notifyUrl, {
      method: 'POST',
      headers: signGateway('f'.repeat(64), forgedBody),
      body: forgedBody,
    });
    expect((await json(forged)).errorCode).toBe('signature_invalid');
    const tampered = await fetch(notifyUrl, {
      method: 'POST',
      headers: { ...sent.headers, [gatewayHeaderNames.nonce]: 'freshnonce123456' },
      body: sent.body,
    });
    expect((await json(tampered)).errorCode).toBe('signature_invalid');
    expect(await balanceOf(m.id)).toBe(150_000);
  });

  it('credits a late notification of an expired order once, and refuses an amount that differs', async () => {
    const m = await member();
    const started = await call(m.token, 'POST', '/wps/relay/PAY_depositGateway', { amount: 30_000 });
    const { id, payUrl, orderNo } = started.json().value;
    await withPaymentTables(services.db)
      .updateTable('deposits')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', id)
      .execute();
    const list = await call(m.token, 'GET', '/wps/relay/PAY_depositList?status=expired');
    expect(list.json().value.list.map((d: { id: number }) => d.id)).toContain(id);

    const credentials = await withPaymentTables(services.db)
      .selectFrom('payment_gateway_credentials')
      .selectAll()
      .where('merchant_id', '=', tala.id)
      .executeTakeFirstOrThrow();
    const notifyUrl = `${callbackBase}/vendor-api/payments/SANDBOXPAY/notify`;
    const wrongAmount = JSON.stringify({
      merchantNo: credentials.merchant_no,
      orderNo,
      gatewayTxnId: 'X1',
      amount: 30_001,
      status: 'paid',
    });
    const mismatch = await fetch(notifyUrl, {
      method: 'POST',
      headers: signGateway(credentials.secret, wrongAmount),
      body: wrongAmount,
    });
    expect((await json(mismatch)).errorCode).toBe('gateway_amount_mismatch');
    const stale = JSON.stringify({
      merchantNo: credentials.merchant_no,
      orderNo,
      gatewayTxnId: 'X1',
      amount: 30_000,
      status: 'paid',
    });
    const old = await fetch(notifyUrl, {
      method: 'POST',
      headers: signGateway(credentials.secret, stale, Date.now() - 10 * 60_000),
      body: stale,
    });
    expect((await json(old)).errorCode).toBe('signature_stale');
    expect(await balanceOf(m.id)).toBe(0);

    await fetch(payUrl, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
    expect(await balanceOf(m.id)).toBe(30_000);
    const both = await Promise.all(
      [1, 2, 3].map(() =>
        fetch(`${gateway.url}/api/orders/${String(payUrl).split('/').at(-1)}/notify`, { method: 'POST' }),
      ),
    );
    expect(both.every((r) => r.ok)).toBe(true);
    expect(await balanceOf(m.id)).toBe(30_000);
  });

  it('marks a cancelled gateway payment rejected', async () => {
    const m = await member();
    const started = await call(m.token, 'POST', '/wps/relay/PAY_depositGateway', { amount: 20_000 });
    await fetch(started.json().value.payUrl, {
      method: 'POST',
      body: new URLSearchParams({ action: 'cancel' }),
      redirect: 'manual',
    });
    const list = await call(m.token, 'GET', '/wps/relay/PAY_depositList');
    expect(list.json().value.list[0]).toMatchObject({ status: 'rejected' });
    expect(await balanceOf(m.id)).toBe(0);
  });
});

describe('transfers', () => {
  it('sends to the upline and to members of the own subtree only', async () => {
    const agent = await member({ type: 1, balance: 100_000 });
    const child = await member({ uplineId: agent.id, balance: 50_000 });
    const grandchild = await member({ uplineId: child.id });
    const stranger = await member();

    const up = await call(child.token, 'POST', '/wps/relay/PAY_transferUpline', {
      amount: 10_000,
      paymentPassword: PAY,
    });
    expect(up.json().value, up.body).toMatchObject({
      amount: 10_000,
      toUsername: agent.username,
      balance: 40_000,
    });
    expect(
      (
        await call(stranger.token, 'POST', '/wps/relay/PAY_transferUpline', {
          amount: 100,
          paymentPassword: PAY,
        })
      ).json().errorCode,
    ).toBe('transfer_no_upline');

    const down = await call(agent.token, 'POST', '/wps/relay/PAY_transferDownline', {
      username: grandchild.username,
      amount: 25_000,
      paymentPassword: PAY,
    });
    expect(down.json().value, down.body).toMatchObject({ toUsername: grandchild.username, balance: 85_000 });
    expect(await balanceOf(grandchild.id)).toBe(25_000);

    const before = await ledgerCount();
    const outside = await call(agent.token, 'POST', '/wps/relay/PAY_transferDownline', {
      username: stranger.username,
      amount: 1_000,
      paymentPassword: PAY,
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ errorCode: 'transfer_not_in_downline', field: 'username' });
    const upward = await call(agent.token, 'POST', '/wps/relay/PAY_transferDownline', {
      username: agent.username,
      amount: 1_000,
      paymentPassword: PAY,
    });
    expect(upward.json().errorCode).toBe('transfer_not_in_downline');
    const notAgent = await call(child.token, 'POST', '/wps/relay/PAY_transferDownline', {
      username: grandchild.username,
      amount: 1_000,
      paymentPassword: PAY,
    });
    expect(notAgent.json().errorCode).toBe('error_not_agent');
    const wrongPassword = await call(agent.token, 'POST', '/wps/relay/PAY_transferDownline', {
      username: child.username,
      amount: 1_000,
      paymentPassword: 'bad-pass',
    });
    expect(wrongPassword.json().errorCode).toBe('payment_password_incorrect');
    const fraction = await call(agent.token, 'POST', '/wps/relay/PAY_transferDownline', {
      username: child.username,
      amount: 10.5,
      paymentPassword: PAY,
    });
    expect(fraction.json().errorCode).toBe('amount_too_precise');
    expect(await ledgerCount()).toBe(before);

    const tree = await call(agent.token, 'GET', '/wps/relay/PAY_downline');
    expect(tree.json().value.map((d: { username: string; level: number }) => [d.username, d.level])).toEqual([
      [child.username, 1],
      [grandchild.username, 2],
    ]);

    const history = await call(agent.token, 'GET', '/wps/relay/PAY_transactionHistory?types=transfer');
    expect(history.json().value.list.map((l: { amount: number }) => l.amount)).toEqual([-25_000, 10_000]);
    const deposits = await call(
      agent.token,
      'GET',
      '/wps/relay/PAY_transactionHistory?types=deposit&pageSize=1',
    );
    expect(deposits.json().value).toMatchObject({ total: 1, pageSize: 1, totalPages: 1 });
    const badType = await call(agent.token, 'GET', '/wps/relay/PAY_transactionHistory?types=nonsense');
    expect(badType.json().errorCode).toBe('validation_failed');
    const future = await call(
      agent.token,
      'GET',
      `/wps/relay/PAY_transactionHistory?from=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`,
    );
    expect(future.json().value.total).toBe(0);
  });

  it('locks out the payment password after five wrong tries in an hour', async () => {
    const m = await member({ balance: 50_000, uplineId: (await member({ type: 1 })).id });
    for (let i = 0; i < 5; i++) {
      const wrong = await call(m.token, 'POST', '/wps/relay/PAY_transferUpline', {
        amount: 100,
        paymentPassword: 'bad-pass',
      });
      expect(wrong.json().errorCode).toBe('payment_password_incorrect');
    }
    const right = await call(m.token, 'POST', '/wps/relay/PAY_transferUpline', {
      amount: 100,
      paymentPassword: PAY,
    });
    expect(right.json().errorCode).toBe('too_many_attempts');
    expect(await balanceOf(m.id)).toBe(50_000);
  });
});

describe('back office', () => {
  it('posts an adjustment only after a second operator approves it', async () => {
    const m = await member({ balance: 1_000 });
    const asked = await admin(finance, 'POST', '/admin-api/payments/adjustments', {
      memberId: m.id,
      direction: 'credit',
      amount: 5_000,
      reason: 'Goodwill for a delayed payout',
    });
    expect(asked.json().value, asked.body).toMatchObject({
      status: 'pending',
      requiresSecondApproval: true,
      amount: 5_000,
    });
    expect(await balanceOf(m.id)).toBe(1_000);
    const self = await admin(
      finance,
      'POST',
      `/admin-api/payments/adjustments/${asked.json().value.id}/approve`,
    );
    expect(self.json().errorCode).toBe('same_operator_approval');
    expect(
      (await admin(support, 'POST', `/admin-api/payments/adjustments/${asked.json().value.id}/approve`))
        .statusCode,
    ).toBe(403);
    const approved = await admin(
      owner,
      'POST',
      `/admin-api/payments/adjustments/${asked.json().value.id}/approve`,
    );
    expect(approved.json().value).toMatchObject({ status: 'approved', decidedBy: 'owner' });
    expect(await balanceOf(m.id)).toBe(6_000);

    const debit = await admin(owner, 'POST', '/admin-api/payments/adjustments', {
      memberId: m.id,
      direction: 'debit',
      amount: 10_000,
      reason: 'Too much',
    });
    const refused = await admin(
      finance,
      'POST',
      `/admin-api/payments/adjustments/${debit.json().value.id}/approve`,
    );
    expect(refused.json().errorCode).toBe('insufficient_funds');
    expect(await balanceOf(m.id)).toBe(6_000);
    const zero = await admin(owner, 'POST', '/admin-api/payments/adjustments', {
      memberId: m.id,
      direction: 'debit',
      amount: 0,
      reason: 'x',
    });
    expect(zero.json().errorCode).toBe('amount_zero');

    const ledger = await admin(support, 'GET', `/admin-api/payments/members/${m.id}/ledger?types=adjustment`);
    expect(ledger.json().value.statement.list).toHaveLength(1);
    expect(ledger.json().value.member).toMatchObject({ username: m.username, mainBalance: 6_000 });
    const balances = await admin(
      support,
      'GET',
      `/admin-api/payments/balances?merchantCode=tala&q=${m.username}`,
    );
    expect(balances.json().value.list[0]).toMatchObject({ memberId: m.id, mainBalance: 6_000 });
    const audit = await admin(owner, 'GET', '/admin-api/audit?action=payments.adjustment.*');
    expect(audit.json().value.list.length).toBeGreaterThanOrEqual(3);
  });

  it('reconciles after all of the above, and exports it; the queues need an operator', async () => {
    const report = await admin(owner, 'GET', '/admin-api/payments/reconciliation?merchantCode=tala');
    expect(report.json().value, report.body).toMatchObject({
      ok: true,
      currencies: [{ currency: 'PHP', total: 0 }],
      unbalancedEntries: [],
      projectionMismatches: [],
    });
    const csv = await admin(finance, 'GET', '/admin-api/payments/reconciliation.csv');
    expect(csv.body.split('\r\n')[0]).toBe('section,item,currency,ok,amount');
    expect((await admin(support, 'GET', '/admin-api/payments/reconciliation')).statusCode).toBe(403);
    expect((await app.inject({ url: '/admin-api/payments/withdrawals' })).statusCode).toBe(401);
    const content = await operatorAuth(app, 'content', 'content-demo-1');
    expect((await admin(content, 'GET', '/admin-api/payments/deposits')).statusCode).toBe(403);
    const m = await member();
    expect((await call(m.token, 'GET', '/admin-api/payments/deposits')).statusCode).toBe(401);
  });

  it('lets only an owner change the limits', async () => {
    const current = await admin(finance, 'GET', '/admin-api/payments/settings?merchantCode=lucky');
    const settings = current.json().value;
    expect(
      (await admin(finance, 'PUT', '/admin-api/payments/settings?merchantCode=lucky', settings)).statusCode,
    ).toBe(403);
    const broken = await admin(owner, 'PUT', '/admin-api/payments/settings?merchantCode=lucky', {
      ...settings,
      withdrawal: { ...settings.withdrawal, minAmount: 10, maxAmount: 5 },
    });
    expect(broken.json().errorCode).toBe('validation_failed');
    const saved = await admin(owner, 'PUT', '/admin-api/payments/settings?merchantCode=lucky', {
      ...settings,
      withdrawal: { ...settings.withdrawal, autoReceiveMinutes: 45 },
    });
    expect(saved.json().value.withdrawal.autoReceiveMinutes).toBe(45);
    const content = await operatorAuth(app, 'content', 'content-demo-1');
    expect((await admin(support, 'GET', '/admin-api/payments/settings?merchantCode=lucky')).statusCode).toBe(
      200,
    );
    expect((await admin(content, 'GET', '/admin-api/payments/settings?merchantCode=lucky')).statusCode).toBe(
      403,
    );
    expect(
      (await admin(support, 'PUT', '/admin-api/payments/settings?merchantCode=lucky', settings)).statusCode,
    ).toBe(403);
  });

  it('shows gateway accounts masked to the owner and finance only, and takes a new secret write-only', async () => {
    const url = '/admin-api/payments/gateway-credentials?merchantCode=lucky';
    const secret = `${'s'.repeat(40)}WXYZ`;
    const body = { gatewayCode: 'TESTPAY', merchantNo: 'LUCKY-01', apiUrl: 'https://pay.example.com/api' };
    const first = await admin(owner, 'PUT', url, { ...body, secret });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ ...body, secretHint: '…WXYZ' });
    expect(first.body).not.toContain(secret.slice(0, 20));

    const listed = await admin(finance, 'GET', url);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().value).toEqual(
      expect.arrayContaining([expect.objectContaining({ gatewayCode: 'TESTPAY', secretHint: '…WXYZ' })]),
    );
    const sandbox = (listed.json().value as { gatewayCode: string; secretHint: string }[]).find(
      (c) => c.gatewayCode === 'SANDBOXPAY',
    );
    expect(sandbox?.secretHint).toMatch(/^….{4}$/);
    expect(listed.body).not.toMatch(/[0-9a-f]{32}/);

    // Finance may change it too; left out, the secret stays.
    const renamed = await admin(finance, 'PUT', url, { ...body, merchantNo: 'LUCKY-02' });
    expect(renamed.json().value).toMatchObject({ merchantNo: 'LUCKY-02', secretHint: '…WXYZ' });
    const rotated = await admin(finance, 'PUT', url, { ...body, secret: `${'t'.repeat(40)}ABCD` });
    expect(rotated.json().value.secretHint).toBe('…ABCD');

    const content = await operatorAuth(app, 'content', 'content-demo-1');
    for (const auth of [support, content]) {
      const read = await admin(auth, 'GET', url);
      expect(read.statusCode).toBe(403);
      expect(read.json().errorCode).toBe('forbidden');
      const write = await admin(auth, 'PUT', url, { ...body, secret });
      expect(write.statusCode).toBe(403);
    }
    const m = await member();
    expect((await call(m.token, 'GET', url)).statusCode).toBe(401);

    const noSecret = await admin(owner, 'PUT', url, { ...body, gatewayCode: 'OTHERPAY' });
    expect(noSecret.json()).toMatchObject({ errorCode: 'validation_failed', field: 'secret' });
    const shortSecret = await admin(owner, 'PUT', url, { ...body, secret: 'short' });
    expect(shortSecret.statusCode).toBe(400);
    const taken = await admin(owner, 'PUT', '/admin-api/payments/gateway-credentials?merchantCode=tala', {
      ...body,
      secret,
    });
    expect(taken.json()).toMatchObject({ errorCode: 'conflict', field: 'merchantNo' });
    expect((await admin(owner, 'GET', url)).json().value).toEqual(
      expect.arrayContaining([expect.objectContaining({ gatewayCode: 'TESTPAY', secretHint: '…ABCD' })]),
    );
  });

  it('lists the payment calls in the API document', async () => {
    const response = await app.inject({ url: '/api-docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/wps/relay/PAY_withdraw',
        '/wps/relay/PAY_transactionHistory',
        '/wps/member/info/funds/consolidated',
        '/vendor-api/payments/{gatewayCode}/notify',
        '/admin-api/payments/members/{id}/ledger',
      ]),
    );
  });
});
