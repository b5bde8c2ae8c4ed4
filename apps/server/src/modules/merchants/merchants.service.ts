import { isCurrencyCode } from '@tala/contracts/currencies';
import { MARKET_MINIMUM_AGE } from '@tala/contracts/kyc';
import type { MerchantSettings } from '@tala/contracts/merchant-settings';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { changes } from '../../lib/change-feed.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { type MerchantRow, merchantsRepository } from './merchants.repository.ts';
import { settingsVersion } from './settings-version.ts';

export type Merchant = MerchantRow;

/** A merchant trades in one currency we support (currencies.ts); any other code is refused with its own error. */
function checkCurrency(settings: MerchantSettings) {
  if (!isCurrencyCode(settings.whitelabel?.currency))
    throw new AppError('currency_unknown', 'whitelabel.currency');
}

/**
 * How long a process trusts its copy of the merchants before reading them again: a change is dropped from every
 * process's copy at once by the change feed (`merchants`); this bounds the copy's age if a notification is lost.
 */
const CACHE_MS = 30_000;

/** How often a miss (an unknown host or code) may read the merchants again, so a new merchant answers at once. */
const MISS_RELOAD_MS = 250;

export function merchantsService(db: Database, audit: AuditService) {
  const repository = merchantsRepository(db);
  let cache: { at: number; byCode: Map<string, Merchant>; byHost: Map<string, Merchant> } | undefined;
  let loading: Promise<NonNullable<typeof cache>> | undefined;
  /** Counts the drops: a read begun before a change does not keep its (stale) rows once the change is known. */
  let generation = 0;
  function drop() {
    cache = undefined;
    loading = undefined;
    generation += 1;
  }
  // A merchant created or changed in any process: every copy goes at once (decisions 060 and 064).
  changes.subscribe((change) => {
    if (change.on === 'merchants' || change.on === 'all') drop();
  });
  let missReloadAt = 0;

  /** The cached merchants, read again once after a miss (at most every MISS_RELOAD_MS): a new one works at once. */
  async function find<K>(pick: (c: NonNullable<typeof cache>) => Map<K, Merchant>, key: K) {
    const found = pick(await load()).get(key);
    if (found || Date.now() - missReloadAt < MISS_RELOAD_MS) return found;
    missReloadAt = Date.now();
    drop();
    return pick(await load()).get(key);
  }

  /** Tells this process's cache and the others' that the merchants changed. */
  function changed(executor: Database) {
    drop();
    changes.publish(executor, { on: 'merchants' });
  }

  async function load() {
    if (cache && Date.now() - cache.at < CACHE_MS) return cache;
    const started = generation;
    const read =
      loading ??
      repository.list().then((rows) => {
        const next = {
          at: Date.now(),
          byCode: new Map(rows.map((m) => [m.code, m])),
          byHost: new Map(rows.flatMap((m) => m.domains.map((host) => [host, m] as const))),
        };
        if (generation === started) cache = next;
        return next;
      });
    loading = read;
    return read.finally(() => {
      if (loading === read) loading = undefined;
    });
  }

  return {
    async list(): Promise<Merchant[]> {
      return [...(await load()).byCode.values()];
    },

    async byCode(code: string): Promise<Merchant> {
      const merchant = await find((c) => c.byCode, code);
      if (!merchant) throw new AppError('merchant_not_found');
      return merchant;
    },

    /**
     * The ids of the merchants a back-office list's merchant filter names (merchantListFilter, decision 060), each
     * known or merchant_not_found; no filter: undefined, every merchant.
     */
    async idsOf(codes: readonly string[] | undefined): Promise<number[] | undefined> {
      if (codes === undefined) return undefined;
      const ids: number[] = [];
      for (const code of codes) ids.push((await this.byCode(code)).id);
      return ids;
    },

    /** The merchant serving a host name (port and case ignored), or merchant_not_found. */
    async byHost(host: string): Promise<Merchant> {
      const name = host
        .toLowerCase()
        .replace(/:\d+$/, '')
        .replace(/^\[|\]$/g, '');
      const merchant = await find((c) => c.byHost, name);
      if (!merchant) throw new AppError('merchant_not_found');
      return merchant;
    },

    /** A new merchant with its domains (the seed and tests; the back office goes through the platform module). */
    async create(code: string, settings: MerchantSettings, hosts: string[]) {
      const id = await db.transaction().execute((trx) => this.insert(trx, code, settings, hosts));
      return id;
    },

    /**
     * Inserts a merchant and its domains in the caller's transaction: merchant_code_taken, merchant_domain_repeated
     * or merchant_domain_taken (checked, and held by the domains' primary key against a concurrent creation).
     */
    async insert(executor: Database, code: string, settings: MerchantSettings, hosts: string[]) {
      checkCurrency(settings);
      const repeated = hosts.find((host, i) => hosts.indexOf(host) !== i);
      if (repeated) throw new AppError('merchant_domain_repeated', 'domains', { domain: repeated });
      const [taken] = await repository.takenHosts(executor, hosts);
      if (taken) throw new AppError('merchant_domain_taken', 'domains', { domain: taken });
      let id: number | undefined;
      try {
        id = await repository.insert(executor, code, settings, hosts);
      } catch (error) {
        if ((error as { code?: string }).code === '23505')
          throw new AppError('merchant_domain_taken', 'domains', { domain: hosts.join(', ') });
        throw error;
      }
      if (id === undefined) throw new AppError('merchant_code_taken', 'code');
      changed(executor);
      return id;
    },

    /**
     * Suspends a merchant or lifts it: a suspended merchant's site answers its maintenance page and every member
     * call merchant_suspended; balances and the ledger stay as they are. Audited.
     */
    async setSuspended(actor: { id: number; name: string; ip: string }, code: string, suspended: boolean) {
      await db.transaction().execute(async (trx) => {
        const id = await repository.setSuspended(trx, code, suspended);
        if (id === undefined) throw new AppError('merchant_not_found');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: id,
          action: suspended ? 'merchant.suspend' : 'merchant.resume',
          target: code,
          ip: actor.ip,
        });
        changed(trx);
      });
      return this.byCode(code);
    },

    /** The stored settings document of a merchant, read past the cache (for editing). */
    async storedSettings(code: string): Promise<MerchantSettings> {
      const settings = await repository.settingsByCode(code);
      if (!settings) throw new AppError('merchant_not_found');
      return settings;
    },

    /**
     * Saves a whole settings document; the change and its before/after land in the audit log in one transaction.
     * With `expectedVersion` (the version the editor started from), a document changed since is not overwritten.
     * The player site sees the change at once in this process and in any other (the change feed's `merchants`).
     */
    async updateSettings(
      code: string,
      settings: MerchantSettings,
      actor: { id: number; name: string; ip: string },
      expectedVersion?: string,
    ): Promise<MerchantSettings> {
      const merchant = await this.byCode(code);
      checkCurrency(settings);
      // The market's rules set a floor under the age gate (PAGCOR: 21).
      const floor = MARKET_MINIMUM_AGE[settings.kyc?.market ?? 'standard'];
      if (settings.minimumAge < floor)
        throw new AppError('minimum_age_below_market', 'minimumAge', { age: floor });
      await db.transaction().execute(async (trx) => {
        const before = await repository.lockSettings(trx, merchant.id);
        if (!before) throw new AppError('merchant_not_found');
        if (expectedVersion !== undefined && expectedVersion !== settingsVersion(before)) {
          throw new AppError('conflict');
        }
        await repository.writeSettings(trx, merchant.id, settings).catch((error: unknown) => {
          // The ledger's accounts are in the old currency: no conversions (decision 061).
          if ((error as { constraint?: unknown }).constraint === 'ledger_accounts_merchant_currency')
            throw new AppError('currency_locked', 'whitelabel.currency');
          throw error;
        });
        changed(trx);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'merchant.settings.update',
          target: code,
          before,
          after: settings,
          ip: actor.ip,
        });
      });
      return settings;
    },
  };
}

export type MerchantsService = ReturnType<typeof merchantsService>;
