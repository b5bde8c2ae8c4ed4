import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { currentCode } from '../totp/totp.service.ts';

/**
 * An operator of several merchants on the back office's cross-merchant lists (decision 060): without a merchant,
 * a list is narrowed to the operator's merchants (those where its role may read it), on the page and in the CSV
 * export alike; naming a merchant outside them is refused. Each list holds a row of every demo merchant, so a row of
 * the third merchant would show.
 */
const { app, services } = await testApp();
const db = services.db;
const tala = await services.merchants.byCode('tala');
const lucky = await services.merchants.byCode('lucky');
const saomai = await services.merchants.byCode('saomai');
const platformOwner = await operatorAuth(app, 'owner', 'owner-demo-1');
const ownerId = (
  await db.selectFrom('operators').select('id').where('username', '=', 'owner').executeTakeFirstOrThrow()
).id;

/** Signs in an operator made here: the password, then (owners need one) the code of the authenticator enrolled. */
async function signIn(username: string, password: string, totpKey: string) {
  const first = await app.inject({
    method: 'POST',
    url: '/admin-api/session',
    payload: { username, password },
  });
  const value = first.json().value;
  if (value.token) return `Bearer ${value.token as string}`;
  expect(value.status).toBe('code_required');
  const second = await app.inject({
    method: 'POST',
    url: '/admin-api/session',
    payload: { username, password, code: currentCode(totpKey) },
  });
  return `Bearer ${second.json().value.token as string}`;
}

async function operatorOf(
  username: string,
  merchantRoles: { merchantCode: string; role: 'owner' | 'support' }[],
) {
  const key = 'TALATESTSEVERALMERCHANTSKEYTALAT';
  const password = 'a-long-password-1';
  const { id } = await services.operators.create(username, password, 'owner', merchantRoles);
  await services.totp.enrolWithKey(db, { operatorId: id }, key);
  return signIn(username, password, key);
}

/** One row in each list for a new member of the merchant (funded, so it has balances and ledger entries). */
async function rowsOf(merchant: Merchant) {
  const tag = crypto.randomBytes(4).toString('hex');
  const username = `m${merchant.code.slice(0, 3)}${tag}`;
  const memberId = await services.members.create(merchant, {
    username,
    password: 'secret123',
    payeeName: 'Ana',
  });
  const entry = await services.wallet.transfer(db, {
    merchantId: merchant.id,
    idempotencyKey: `several-merchants-fund-${memberId}`,
    type: 'deposit',
    from: await services.wallet.houseAccount(merchant.id, 'house_deposit_clearing'),
    to: await services.wallet.memberAccount(merchant.id, memberId),
    amount: 50_000,
    actor: { type: 'system' },
  });
  const member = { merchant_id: merchant.id, member_id: memberId };
  await insert('deposits', {
    ...member,
    order_no: `D${tag}`,
    channel: 'bank',
    bank_account: JSON.stringify({
      id: 'bdo',
      bankName: 'BDO',
      accountName: 'Tala',
      accountNumber: '0012 3456',
    }),
    amount: 10_000,
    expires_at: new Date(Date.now() + 3_600_000),
  });
  const card = await insert('bank_cards', {
    ...member,
    bank_name: 'BDO',
    account_number: '123456789',
    payee_name: 'Ana',
  });
  await insert('withdrawals', {
    ...member,
    order_no: `W${tag}`,
    amount: 5_000,
    bank_card_id: card,
    hold_entry_id: entry.entryId,
    requires_second: false,
  });
  await insert('balance_adjustments', {
    ...member,
    amount: 1_000,
    reason: 'goodwill',
    requires_second: false,
    requested_by: ownerId,
    requested_by_name: 'owner',
  });
  const bytes = Buffer.from('not really a picture');
  await insert('kyc_documents', {
    ...member,
    kind: 'id',
    content_type: 'image/png',
    bytes,
    size_bytes: bytes.length,
    sha256: crypto.createHash('sha256').update(bytes).digest(),
  });
  await insert('feedback', {
    ...member,
    member_account: username,
    question_type: 'other',
    content: 'Hello',
    language: 'EN',
  });
  await insert('message_outbox', {
    ...member,
    channel: 'sms',
    status: 'sent',
    purpose: 'verification',
    destination: `+63917${tag}`,
    body: 'Your code',
  });
  await insert('chat_conversations', {
    ...member,
    visitor_kind: 'member',
    visitor_name: username,
    status: 'queued',
  });
}

/** A row of another module's table, as that module would store it; its id. */
async function insert(table: string, values: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(values);
  const result = await sql<{
    id: number;
  }>`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    VALUES (${sql.join(columns.map((c) => values[c]))}) RETURNING id`.execute(db);
  return Number(result.rows[0]?.id);
}
for (const merchant of [tala, lucky, saomai]) await rowsOf(merchant);

const talaAndLucky = await operatorOf('tala-lucky-owner', [
  { merchantCode: 'tala', role: 'owner' },
  { merchantCode: 'lucky', role: 'owner' },
]);

/** Each cross-merchant list: its path and whether it is a page (`value.list`) or the reconciliation report. */
const lists = [
  '/admin-api/members',
  '/admin-api/payments/deposits',
  '/admin-api/payments/withdrawals',
  '/admin-api/payments/adjustments',
  '/admin-api/payments/balances',
  '/admin-api/kyc/documents',
  '/admin-api/support/feedback',
  '/admin-api/support/chat/conversations',
  '/admin-api/messages',
  '/admin-api/point-redemptions',
  '/admin-api/promotion-applications',
];
/** The lists that hold a row of every merchant here (the demo seeds no redemptions nor applications). */
const filled = lists.slice(0, 9);

const get = (url: string, authorization: string) => app.inject({ url, headers: { authorization } });
const codesOf = (list: { merchantCode: string }[]) =>
  [...new Set(list.map((row) => row.merchantCode))].sort();
const page = (url: string, query = '') => `${url}?pageSize=200${query}`;

describe('an operator of two merchants on a list without a merchant', () => {
  it.each(lists)('%s holds both its merchants, never the third', async (url) => {
    const mine = await get(page(url), talaAndLucky);
    expect(mine.statusCode).toBe(200);
    const all = await get(page(url), platformOwner);
    const list = mine.json().value.list as { merchantCode: string }[];
    if (filled.includes(url)) {
      expect(codesOf(all.json().value.list)).toEqual(['lucky', 'saomai', 'tala']);
      expect(codesOf(list)).toEqual(['lucky', 'tala']);
    } else {
      expect(list.every((row) => ['tala', 'lucky'].includes(row.merchantCode))).toBe(true);
    }
    // The same rows as the platform's list of those two merchants, counted alike.
    const both = await get(page(url, '&merchantCode=tala,lucky'), platformOwner);
    expect(mine.json().value).toEqual(both.json().value);
  });

  it.each(filled)('%s still takes one of its merchants, and refuses another', async (url) => {
    const one = await get(page(url, '&merchantCode=lucky'), talaAndLucky);
    expect(codesOf(one.json().value.list)).toEqual(['lucky']);
    const other = await get(page(url, '&merchantCode=saomai'), talaAndLucky);
    expect(other.statusCode).toBe(403);
    expect(other.json().errorCode).toBe('outside_operator_merchants');
    const mixed = await get(page(url, '&merchantCode=tala,saomai'), talaAndLucky);
    expect(mixed.json().errorCode).toBe('outside_operator_merchants');
  });

  it('exports the same merchants in every CSV', async () => {
    for (const name of ['deposits', 'withdrawals', 'adjustments', 'balances']) {
      const csv = await get(`/admin-api/payments/${name}.csv`, talaAndLucky);
      expect(csv.statusCode).toBe(200);
      const [header, ...rows] = csv.body.trim().split('\r\n') as [string, ...string[]];
      const column = header.split(',').indexOf('merchant');
      expect(column).toBeGreaterThanOrEqual(0);
      expect([...new Set(rows.map((row) => row.split(',')[column]))].sort()).toEqual(['lucky', 'tala']);
      const all = (await get(`/admin-api/payments/${name}.csv`, platformOwner)).body;
      expect(all).toContain(',saomai,');
    }
  });

  it('reconciles the ledger of its merchants only, on the page and in the CSV', async () => {
    const report = async (query: string, authorization: string) =>
      (await get(`/admin-api/payments/reconciliation${query}`, authorization)).json().value as {
        entries: number;
        currencies: { currency: string }[];
      };
    const mine = await report('', talaAndLucky);
    const ofTala = await report('?merchantCode=tala', platformOwner);
    const ofLucky = await report('?merchantCode=lucky', platformOwner);
    const all = await report('', platformOwner);
    expect(mine.entries).toBe(ofTala.entries + ofLucky.entries);
    expect(mine.entries).toBeLessThan(all.entries);
    expect(mine).toEqual(await report('?merchantCode=tala,lucky', platformOwner));
    expect(all.currencies.map((c) => c.currency)).toContain('VND');
    expect(mine.currencies.map((c) => c.currency)).not.toContain('VND');
    const csv = await get('/admin-api/payments/reconciliation.csv', talaAndLucky);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('PHP');
    expect(csv.body).not.toContain('VND');
  });
});

describe('an operator whose role differs between its merchants', () => {
  it('narrows a list to the merchants where its role may read it, and refuses naming the other', async () => {
    const mixed = await operatorOf('tala-owner-lucky-support', [
      { merchantCode: 'tala', role: 'owner' },
      { merchantCode: 'lucky', role: 'support' },
    ]);
    // Members: owners and support alike.
    const members = await get(page('/admin-api/members'), mixed);
    expect(codesOf(members.json().value.list)).toEqual(['lucky', 'tala']);
    // Reconciliation: owners and finance only, so tala's alone.
    const report = await get('/admin-api/payments/reconciliation', mixed);
    expect(report.statusCode).toBe(200);
    expect(report.json().value).toEqual(
      (await get('/admin-api/payments/reconciliation?merchantCode=tala', platformOwner)).json().value,
    );
    const named = await get('/admin-api/payments/reconciliation?merchantCode=tala,lucky', mixed);
    expect(named.statusCode).toBe(403);
    expect(named.json().errorCode).toBe('forbidden');
  });

  it('is forbidden a list none of its roles may read', async () => {
    const support = await operatorOf('lucky-saomai-support', [
      { merchantCode: 'lucky', role: 'support' },
      { merchantCode: 'saomai', role: 'support' },
    ]);
    const report = await get('/admin-api/payments/reconciliation', support);
    expect(report.statusCode).toBe(403);
    expect(report.json().errorCode).toBe('forbidden');
  });
});
