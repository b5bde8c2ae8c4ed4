import fs from 'node:fs';
import type { MerchantSettings } from '@tala/contracts/merchant-settings';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { changes } from '../../lib/change-feed.ts';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { defaultMerchantTexts } from './default-settings.ts';

const { app, database } = await testApp();
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');

async function readSettings(code = 'tala') {
  const response = await app.inject({
    url: `/admin-api/merchants/${code}/settings`,
    headers: { authorization: owner },
  });
  return { settings: response.json().value as MerchantSettings, etag: response.headers.etag as string };
}

function save(settings: unknown, headers: Record<string, string> = {}, code = 'tala') {
  return app.inject({
    method: 'PUT',
    url: `/admin-api/merchants/${code}/settings`,
    headers: { authorization: owner, ...headers },
    payload: settings as object,
  });
}

async function settingsAuditCount() {
  const row = await database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', 'merchant.settings.update')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('merchant list', () => {
  it('lists the demo merchants with their brand, host names and currency', async () => {
    const response = await app.inject({ url: '/admin-api/merchants', headers: { authorization: owner } });
    expect(response.json().value).toMatchObject([
      {
        code: 'tala',
        brandName: 'Tala Casino',
        domains: ['127.0.0.1', 'localhost', 'tala.localhost'],
        suspended: false,
        money: { currency: 'PHP', currencySymbol: 'P', currencyExponent: 2, displayDecimals: 0 },
      },
      {
        code: 'lucky',
        brandName: 'Lucky Perlas',
        domains: ['lucky.localhost'],
        suspended: false,
        money: { currency: 'PHP' },
      },
      {
        code: 'saomai',
        brandName: 'Sao Mai',
        domains: ['vn.localhost'],
        suspended: false,
        money: { currency: 'VND', currencySymbol: '₫', currencyExponent: 0, symbolPosition: 'suffix' },
      },
    ]);
  });

  it('answers an unknown merchant with 404', async () => {
    const response = await app.inject({
      url: '/admin-api/merchants/nobody/settings',
      headers: { authorization: owner },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errorCode: 'merchant_not_found' });
  });
});

describe("a merchant's currency (decision 061)", () => {
  it('refuses a code we do not support with currency_unknown, and changes nothing', async () => {
    for (const currency of ['XXX', 'EUR', 'php', 'PESO', '', 5]) {
      const { settings: before } = await readSettings();
      const audited = await settingsAuditCount();
      const response = await save({ ...before, whitelabel: { ...before.whitelabel, currency } });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorCode).toBe(
        typeof currency === 'string' && /^[A-Z]{3}$/.test(currency)
          ? 'currency_unknown'
          : 'validation_failed',
      );
      expect(response.json().field).toBe('whitelabel.currency');
      expect((await readSettings()).settings).toEqual(before);
      expect(await settingsAuditCount()).toBe(audited);
    }
  });

  it('refuses to change the currency of a merchant with ledger accounts (no conversions): currency_locked', async () => {
    const { settings: before } = await readSettings();
    const response = await save({ ...before, whitelabel: { ...before.whitelabel, currency: 'USD' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().errorCode).toBe('currency_locked');
    expect((await readSettings()).settings).toEqual(before);
  });

  it("derives the symbol and exponent from the code, and keeps a merchant's own symbol", async () => {
    const { settings: before } = await readSettings();
    expect(before.whitelabel).toMatchObject({ currency: 'PHP', currencySymbol: null });
    expect(before.whitelabel).not.toHaveProperty('currencyExponent');
    const response = await save({ ...before, whitelabel: { ...before.whitelabel, currencySymbol: '₱' } });
    expect(response.statusCode).toBe(200);
    const status = await app.inject({ url: '/wps/system/status', headers: { merchant: 'tala' } });
    expect(status.json().value.info.whitelabel).toMatchObject({
      currency: 'PHP',
      currencySymbol: '₱',
      currencyExponent: 2,
    });
    expect((await save(before)).statusCode).toBe(200);
    const vn = await app.inject({ url: '/wps/system/status', headers: { merchant: 'saomai' } });
    expect(vn.json().value.info.whitelabel).toMatchObject({
      currency: 'VND',
      currencySymbol: '₫',
      currencyExponent: 0,
      displayDecimals: 0,
    });
  });
});

describe('saving site settings', () => {
  const invalid: { name: string; change: (s: MerchantSettings) => unknown; field: string }[] = [
    {
      name: 'a colour that is not #rrggbb',
      change: (s) => ({ ...s, whitelabel: { ...s.whitelabel, primaryColour: 'teal' } }),
      field: 'whitelabel.primaryColour',
    },
    {
      name: 'an unknown language',
      change: (s) => ({ ...s, whitelabel: { ...s.whitelabel, supportedLanguages: ['EN', 'XX'] } }),
      field: 'whitelabel.supportedLanguages.1',
    },
    {
      name: 'a default language that is not supported',
      change: (s) => ({ ...s, whitelabel: { ...s.whitelabel, defaultLanguage: 'VI' } }),
      field: 'whitelabel.defaultLanguage',
    },
    {
      name: 'a maintenance end time that is not ISO',
      change: (s) => ({ ...s, maintenance: { ...s.maintenance, enabled: true, endTime: 'tomorrow at 10' } }),
      field: 'maintenance.endTime',
    },
    {
      name: 'a maintenance end time without an offset',
      change: (s) => ({ ...s, maintenance: { ...s.maintenance, endTime: '2030-01-01T10:00' } }),
      field: 'maintenance.endTime',
    },
    {
      name: 'a country code that is not ISO alpha-2',
      change: (s) => ({ ...s, region: { mode: 'block', countries: ['PH', 'usa'], message: { EN: 'x' } } }),
      field: 'region.countries.1',
    },
    {
      name: 'an allow list with no country',
      change: (s) => ({ ...s, region: { ...s.region, mode: 'allow', countries: [] } }),
      field: 'region.countries',
    },
    {
      name: 'a module flag that is not a boolean',
      change: (s) => ({ ...s, modules: { ...s.modules, freePlay: 'yes' } }),
      field: 'modules.freePlay',
    },
    {
      name: 'a missing module flag',
      change: (s) => {
        const { loginByCode: _dropped, ...modules } = s.modules;
        return { ...s, modules };
      },
      field: 'modules.loginByCode',
    },
    {
      name: 'a licence text in an unknown language',
      change: (s) => ({ ...s, whitelabel: { ...s.whitelabel, licenceText: { EN: 'Licensed.', XX: 'x' } } }),
      field: 'whitelabel.licenceText',
    },
    {
      name: 'a maintenance message longer than 2000 characters in one language',
      change: (s) => ({
        ...s,
        maintenance: { ...s.maintenance, message: { EN: 'Soon.', VI: 'x'.repeat(2001) } },
      }),
      field: 'maintenance.message.VI',
    },
    {
      name: 'a copyright longer than 200 characters',
      change: (s) => ({ ...s, whitelabel: { ...s.whitelabel, copyright: { EN: 'x'.repeat(201) } } }),
      field: 'whitelabel.copyright.EN',
    },
    {
      name: 'a region message without English',
      change: (s) => ({ ...s, region: { ...s.region, message: { VI: 'Không khả dụng.' } } }),
      field: 'region.message.EN',
    },
    {
      name: 'a maintenance title as a plain string',
      change: (s) => ({ ...s, maintenance: { ...s.maintenance, title: 'Down' } }),
      field: 'maintenance.title',
    },
    { name: 'a minimum age below 16', change: (s) => ({ ...s, minimumAge: 12 }), field: 'minimumAge' },
    {
      name: 'idle minutes of zero',
      change: (s) => ({ ...s, sessionIdleMinutes: 0 }),
      field: 'sessionIdleMinutes',
    },
  ];

  for (const c of invalid) {
    it(`refuses ${c.name} with 400 naming the field, and changes nothing`, async () => {
      const { settings: before } = await readSettings();
      const audited = await settingsAuditCount();
      const response = await save(
        c.change({ ...before, maintenance: { ...before.maintenance, enabled: true } }),
        {
          language: 'TY',
        },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        errorCode: 'validation_failed',
        field: c.field,
      });
      expect(response.json().message).toContain('Hindi wasto');
      expect((await readSettings()).settings).toEqual(before);
      expect(await settingsAuditCount()).toBe(audited);
      const status = await app.inject({ url: '/wps/system/status', headers: { merchant: 'tala' } });
      expect(status.json().value.maintenance.enabled).toBe(false);
    });
  }

  it('refuses a body that is not JSON and a body that is not a document', async () => {
    const audited = await settingsAuditCount();
    const text = await app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/tala/settings',
      headers: { authorization: owner, 'content-type': 'application/json' },
      payload: '{"whitelabel":',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().success).toBe(false);
    const empty = await save({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errorCode: 'validation_failed' });
    expect(await settingsAuditCount()).toBe(audited);
  });

  it('saves a valid document, audits it with before and after, and the player site sees it at once', async () => {
    const { settings: before, etag } = await readSettings();
    const next: MerchantSettings = {
      ...before,
      maintenance: {
        enabled: true,
        title: { EN: 'Upgrading the cashier', TY: 'Ina-upgrade ang cashier' },
        message: { EN: 'Back within the hour.' },
        endTime: '2030-01-01T10:00:00+08:00',
      },
      region: { mode: 'block', countries: ['US', 'SG'], message: { EN: 'Not in your region.' } },
      modules: { ...before.modules, freePlay: false, loginRequiredForHome: true },
      whitelabel: { ...before.whitelabel, supportedLanguages: ['EN', 'TY', 'VI'], defaultLanguage: 'TY' },
    };
    const response = await save(next, { 'if-match': etag });
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toEqual(next);
    expect(response.headers.etag).not.toBe(etag);

    const stored = await readSettings();
    expect(stored.settings).toEqual(next);
    expect(stored.etag).toBe(response.headers.etag);

    const status = (
      await app.inject({ url: '/wps/system/status', headers: { merchant: 'tala' }, remoteAddress: '8.8.8.8' })
    ).json().value;
    expect(status.maintenance).toEqual(next.maintenance);
    expect(status.regionRestriction.restricted).toBe(true);
    expect(status.loginRequired).toBe(true);
    expect(status.register.freePlay).toBe(false);
    expect(status.info.whitelabel.supportedLanguages).toEqual(['EN', 'TY', 'VI']);

    const row = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'merchant.settings.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_name: 'owner', target: 'tala', ip: '127.0.0.1' });
    expect(row.before).toEqual(before);
    expect(row.after).toEqual(next);

    // The other merchant is untouched.
    const lucky = await app.inject({ url: '/wps/system/status', headers: { merchant: 'lucky' } });
    expect(lucky.json().value.maintenance.enabled).toBe(false);

    await save(before);
    const restored = await app.inject({ url: '/wps/system/status', headers: { merchant: 'tala' } });
    expect(restored.json().value.maintenance.enabled).toBe(false);
  });

  it('refuses a save based on a version that another save replaced, keeping the newer document', async () => {
    const { settings, etag } = await readSettings('lucky');
    const first = await save({ ...settings, minimumAge: 21 }, { 'if-match': etag }, 'lucky');
    expect(first.statusCode).toBe(200);
    const audited = await settingsAuditCount();
    const stale = await save({ ...settings, sessionIdleMinutes: 30 }, { 'if-match': etag }, 'lucky');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ success: false, errorCode: 'conflict' });
    expect((await readSettings('lucky')).settings).toEqual({ ...settings, minimumAge: 21 });
    expect(await settingsAuditCount()).toBe(audited);
  });
});

describe("a merchant's texts per language (issue 19 item 4)", () => {
  const footer = async (merchant: string, language: string) =>
    (await app.inject({ url: '/wps/relay/MCSFE_getFooter', headers: { merchant, language } })).json()
      .value as { copyright: string; licenceText: string };
  const status = async (merchant: string) =>
    (await app.inject({ url: '/wps/system/status', headers: { merchant } })).json().value;

  it('a new merchant starts with every text in the six site languages', async () => {
    const vi = await footer('saomai', 'VI');
    expect(vi.licenceText).toBe(defaultMerchantTexts.licenceText.VI);
    expect(vi.copyright).toBe('© 2026 Sao Mai. Bảo lưu mọi quyền.');
    expect((await footer('saomai', 'TH')).licenceText).toBe(defaultMerchantTexts.licenceText.TH);
    const { settings } = await readSettings('saomai');
    for (const texts of [
      settings.whitelabel.copyright,
      settings.whitelabel.licenceText,
      settings.maintenance.title,
      settings.maintenance.message,
      settings.region.message,
    ]) {
      expect(Object.keys(texts).sort()).toEqual(['CN', 'EN', 'ID', 'TH', 'TY', 'VI']);
    }
  });

  it('a Vietnamese visitor gets the Vietnamese licence text and maintenance message; a missing language, English', async () => {
    const { settings: before } = await readSettings();
    const next: MerchantSettings = {
      ...before,
      whitelabel: {
        ...before.whitelabel,
        licenceText: { EN: 'Licensed by the board.', VI: 'Được cấp phép bởi hội đồng.' },
      },
      maintenance: {
        ...before.maintenance,
        enabled: true,
        title: { EN: 'Upgrading', VI: 'Đang nâng cấp' },
        message: { EN: 'Back soon.', VI: 'Chúng tôi sẽ quay lại sớm.' },
      },
    };
    expect((await save(next)).statusCode).toBe(200);

    expect((await footer('tala', 'VI')).licenceText).toBe('Được cấp phép bởi hội đồng.');
    expect((await footer('tala', 'TY')).licenceText).toBe('Licensed by the board.');
    expect((await footer('tala', 'TY')).copyright).toBe(before.whitelabel.copyright.TY);
    // The status comes before the site knows its language: every language, the site picks (pickLanguage).
    const s = await status('tala');
    expect(s.maintenance).toMatchObject({
      enabled: true,
      title: { EN: 'Upgrading', VI: 'Đang nâng cấp' },
      message: { EN: 'Back soon.', VI: 'Chúng tôi sẽ quay lại sớm.' },
    });
    expect(s.info.whitelabel.licenceText).toEqual(next.whitelabel.licenceText);

    expect((await save(before)).statusCode).toBe(200);
  });

  it('an old document with plain strings reads as English after migration 085', async () => {
    // A document as saved before the texts had languages.
    await sql`UPDATE merchants SET settings = jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(settings,
        '{whitelabel,copyright}', to_jsonb('© Lucky'::text)),
        '{whitelabel,licenceText}', to_jsonb('Old licence.'::text)),
        '{maintenance,title}', to_jsonb('Old title'::text)),
        '{maintenance,message}', to_jsonb('Old message'::text)),
        '{region,message}', to_jsonb('Old region'::text))
      WHERE code = 'lucky'`.execute(database.db);
    const migration = new URL('../../../migrations/085_merchant_texts_per_language.sql', import.meta.url);
    await sql.raw(fs.readFileSync(migration, 'utf8')).execute(database.db);
    changes.publish(database.db, { on: 'merchants' });

    const { settings } = await readSettings('lucky');
    expect(settings.whitelabel.copyright).toEqual({ EN: '© Lucky' });
    expect(settings.whitelabel.licenceText).toEqual({ EN: 'Old licence.' });
    expect(settings.maintenance).toMatchObject({
      title: { EN: 'Old title' },
      message: { EN: 'Old message' },
    });
    expect(settings.region.message).toEqual({ EN: 'Old region' });
    expect(await footer('lucky', 'VI')).toMatchObject({ copyright: '© Lucky', licenceText: 'Old licence.' });
    const s = await status('lucky');
    expect(s.maintenance.message).toEqual({ EN: 'Old message' });
    expect(s.regionRestriction.message).toEqual({ EN: 'Old region' });
    // The migrated document saves as it is.
    expect((await save(settings, {}, 'lucky')).statusCode).toBe(200);
    // Running it again changes nothing (maps stay maps).
    await sql.raw(fs.readFileSync(migration, 'utf8')).execute(database.db);
    expect((await readSettings('lucky')).settings).toEqual(settings);
  });
});
