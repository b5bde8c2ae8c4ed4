import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { login, newMember } from '../members/member-fixtures.ts';
import { defaultMerchantTexts } from '../merchants/default-settings.ts';

/** Merchants as a product (issue 19 item 1, decision 060): creation, its bad input, suspension. */
const { app, services } = await testApp();
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const luckyOwner = await operatorAuth(app, 'lucky-owner', 'lucky-owner-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');

const valid = {
  code: 'newbrand',
  brand: {
    name: 'New Brand',
    logoUrl: '/brand/tala.svg',
    primaryColour: '#1d4ed8',
    accentColour: '#f97316',
    faviconUrl: '/favicon.svg',
  },
  domains: ['newbrand.localhost', 'www.newbrand.localhost'],
  defaultLanguage: 'EN',
  supportedLanguages: ['EN', 'VI'],
  timeZone: 'Asia/Ho_Chi_Minh',
  currency: 'VND',
  licenceText: 'Licensed for testing.',
  modules: { freePlay: false },
  products: ['RNG', 'LIVE', 'LOTT'],
};

const create = (body: unknown, authorization = owner) =>
  app.inject({
    method: 'POST',
    url: '/admin-api/platform/merchants',
    headers: { authorization },
    payload: body as object,
  });

/** Every ledger balance of a merchant's accounts. */
async function balances(code: string) {
  const { rows } = await sql<{ account_id: string; shard: number; balance: string }>`
    SELECT b.account_id, b.shard, b.balance FROM ledger_balances b
      JOIN ledger_accounts a ON a.id = b.account_id
      JOIN merchants m ON m.id = a.merchant_id
    WHERE m.code = ${code} ORDER BY 1, 2`.execute(services.db);
  expect(rows.length).toBeGreaterThan(0);
  return rows;
}

async function counts() {
  const merchants = await services.db.selectFrom('merchants').select('code').execute();
  const domains = await services.db.selectFrom('merchant_domains').select('host').execute();
  return { merchants: merchants.length, domains: domains.length };
}

describe('creating a merchant', () => {
  it('creates it, and its site answers on its new domain at once, without demo content', async () => {
    const response = await create(valid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({
      code: 'newbrand',
      brandName: 'New Brand',
      domains: ['newbrand.localhost', 'www.newbrand.localhost'],
      suspended: false,
      money: { currency: 'VND', currencyExponent: 0, displayDecimals: 0 },
    });
    const status = await app.inject({ url: '/wps/system/status', headers: { host: 'newbrand.localhost' } });
    expect(status.statusCode).toBe(200);
    const value = status.json().value;
    expect(value.merchantCode).toBe('newbrand');
    expect(value.info.whitelabel).toMatchObject({
      brandName: 'New Brand',
      faviconUrl: '/favicon.svg',
      currencySymbol: '₫',
      currencyExponent: 0,
      supportedLanguages: ['EN', 'VI'],
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    // The form's one licence text is the default language's (EN here); the others keep the built-in translations.
    expect(value.info.whitelabel.licenceText).toEqual({
      ...defaultMerchantTexts.licenceText,
      EN: 'Licensed for testing.',
    });
    expect(value.maintenance.message).toEqual(defaultMerchantTexts.maintenanceMessage);
    expect(value.register.freePlay).toBe(false);
    // A member can register on the new site; no demo banners were made.
    const member = await newMember(app, { merchant: 'newbrand' });
    expect(member.token).toBeTruthy();
    const merchant = await services.merchants.byCode('newbrand');
    const banners = await services.db
      .selectFrom('banners')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .execute();
    expect(banners).toEqual([]);
    // Only the products it offers: every sports line is off for it.
    const off = await services.db
      .selectFrom('merchant_vendor_lines')
      .innerJoin('game_vendor_lines', 'game_vendor_lines.node_id', 'merchant_vendor_lines.node_id')
      .select(['game_vendor_lines.game_type', 'merchant_vendor_lines.enabled'])
      .where('merchant_vendor_lines.merchant_id', '=', merchant.id)
      .execute();
    expect(off.some((l) => l.game_type === 'SPORTS' && !l.enabled)).toBe(true);
    expect(off.some((l) => l.game_type === 'RNG' && !l.enabled)).toBe(false);
    // Audited, and listed for platform operators.
    const list = await app.inject({
      url: '/admin-api/platform/merchants',
      headers: { authorization: owner },
    });
    expect(list.json().value.map((m: { code: string }) => m.code)).toContain('newbrand');
  });

  const bad: [string, unknown, number, string][] = [
    ['a duplicate code', { ...valid, domains: ['other.localhost'] }, 409, 'merchant_code_taken'],
    [
      'a domain of another merchant',
      { ...valid, code: 'brand2', domains: ['lucky.localhost'] },
      409,
      'merchant_domain_taken',
    ],
    [
      'the same domain twice',
      { ...valid, code: 'brand2', domains: ['b2.localhost', 'b2.localhost'] },
      400,
      'merchant_domain_repeated',
    ],
    [
      'an unknown currency',
      { ...valid, code: 'brand2', domains: ['b2.localhost'], currency: 'XYZ' },
      400,
      'currency_unknown',
    ],
    [
      'a language without files',
      { ...valid, code: 'brand2', domains: ['b2.localhost'], supportedLanguages: ['EN', 'JA'] },
      400,
      'language_without_files',
    ],
    [
      'an unknown time zone',
      { ...valid, code: 'brand2', domains: ['b2.localhost'], timeZone: 'Mars/Olympus' },
      400,
      'time_zone_unknown',
    ],
    [
      'an unknown vendor',
      { ...valid, code: 'brand2', domains: ['b2.localhost'], vendors: ['NOPE'] },
      404,
      'unknown_vendor',
    ],
    ['a malformed domain', { ...valid, code: 'brand2', domains: ['bad domain'] }, 400, 'validation_failed'],
    ['a malformed code', { ...valid, code: 'Bad Code', domains: ['b2.localhost'] }, 400, 'validation_failed'],
  ];
  for (const [what, body, status, code] of bad) {
    it(`refuses ${what} with ${code}, and nothing changes`, async () => {
      const before = await counts();
      const response = await create(body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ success: false, errorCode: code });
      expect(await counts()).toEqual(before);
    });
  }

  it('is for platform owners: an operator of one merchant, or platform support, is refused', async () => {
    const before = await counts();
    const scoped = await create({ ...valid, code: 'brand3', domains: ['b3.localhost'] }, luckyOwner);
    expect(scoped.json()).toMatchObject({ errorCode: 'platform_operators_only' });
    const notOwner = await create({ ...valid, code: 'brand3', domains: ['b3.localhost'] }, support);
    expect(notOwner.json()).toMatchObject({ errorCode: 'forbidden' });
    expect(await counts()).toEqual(before);
  });
});

describe('suspending a merchant', () => {
  it('shows its site maintenance and refuses member calls while balances stay; resuming opens it again', async () => {
    const visit = { merchant: 'tala' };
    const balanceBefore = await balances('tala');
    const suspend = await app.inject({
      method: 'PUT',
      url: '/admin-api/platform/merchants/tala/suspension',
      headers: { authorization: owner },
      payload: { suspended: true },
    });
    expect(suspend.json().value).toMatchObject({ code: 'tala', suspended: true });
    const status = await app.inject({ url: '/wps/system/status', headers: { merchant: 'tala' } });
    expect(status.json().value.maintenance.enabled).toBe(true);
    const refused = await login(app, 'demo', 'demo-pass-1', visit);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ errorCode: 'merchant_suspended' });
    // The other merchant is not touched.
    const other = await app.inject({ url: '/wps/system/status', headers: { merchant: 'lucky' } });
    expect(other.json().value.maintenance.enabled).toBe(false);
    const scoped = await app.inject({
      method: 'PUT',
      url: '/admin-api/platform/merchants/lucky/suspension',
      headers: { authorization: luckyOwner },
      payload: { suspended: true },
    });
    expect(scoped.json()).toMatchObject({ errorCode: 'platform_operators_only' });

    await app.inject({
      method: 'PUT',
      url: '/admin-api/platform/merchants/tala/suspension',
      headers: { authorization: owner },
      payload: { suspended: false },
    });
    const balanceAfter = await balances('tala');
    expect(balanceAfter).toEqual(balanceBefore);
    const back = await login(app, 'demo', 'demo-pass-1', visit);
    expect(back.json()).toMatchObject({ success: true });
    const unknown = await app.inject({
      method: 'PUT',
      url: '/admin-api/platform/merchants/nobody/suspension',
      headers: { authorization: owner },
      payload: { suspended: true },
    });
    expect(unknown.json()).toMatchObject({ errorCode: 'merchant_not_found' });
  });
});

describe('operators of some merchants', () => {
  it('are created with their roles per merchant, and an unknown merchant is refused', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/admin-api/operators',
      headers: { authorization: owner },
      payload: {
        username: 'lucky.finance',
        password: 'a-long-password-1',
        role: 'finance',
        merchantRoles: [{ merchantCode: 'lucky', role: 'finance' }],
      },
    });
    expect(created.json().value).toMatchObject({
      platform: false,
      merchantRoles: [{ merchantCode: 'lucky', role: 'finance' }],
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/admin-api/operators',
      headers: { authorization: owner },
      payload: {
        username: 'nobody.finance',
        password: 'a-long-password-1',
        role: 'finance',
        merchantRoles: [{ merchantCode: 'nobody', role: 'finance' }],
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errorCode: 'operator_merchant_unknown' });
    const list = await app.inject({ url: '/admin-api/operators', headers: { authorization: owner } });
    const names = list.json().value.map((o: { username: string }) => o.username);
    expect(names).toContain('lucky.finance');
    expect(names).not.toContain('nobody.finance');
  });
});
