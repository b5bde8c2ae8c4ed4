import { isCurrencyCode } from '@tala/contracts/currencies';
import { MARKET_MINIMUM_AGE } from '@tala/contracts/kyc';
import type { MerchantSettings } from '@tala/contracts/merchant-settings';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { type MerchantRow, merchantsRepository } from './merchants.repository.ts';
import { settingsVersion } from './settings-version.ts';

export type Merchant = MerchantRow;

/** A merchant trades in one currency we support (currencies.ts); any other code is refused with its own error. */
function checkCurrency(settings: MerchantSettings) {
  if (!isCurrencyCode(settings.whitelabel?.currency))
    throw new AppError('currency_unknown', 'whitelabel.currency');
}

/** How long a process trusts its copy of the merchants before reading them again (other processes may write). */
const CACHE_MS = 3000;

export function merchantsService(db: Database, audit: AuditService) {
  const repository = merchantsRepository(db);
  let cache: { at: number; byCode: Map<string, Merchant>; byHost: Map<string, Merchant> } | undefined;
  let loading: Promise<NonNullable<typeof cache>> | undefined;

  async function load() {
    if (cache && Date.now() - cache.at < CACHE_MS) return cache;
    loading ??= repository.list().then((rows) => {
      const next = {
        at: Date.now(),
        byCode: new Map(rows.map((m) => [m.code, m])),
        byHost: new Map(rows.flatMap((m) => m.domains.map((host) => [host, m] as const))),
      };
      cache = next;
      loading = undefined;
      return next;
    });
    return loading.finally(() => {
      loading = undefined;
    });
  }

  return {
    async list(): Promise<Merchant[]> {
      return [...(await load()).byCode.values()];
    },

    async byCode(code: string): Promise<Merchant> {
      const merchant = (await load()).byCode.get(code);
      if (!merchant) throw new AppError('merchant_not_found');
      return merchant;
    },

    /** The merchant serving a host name (port and case ignored), or merchant_not_found. */
    async byHost(host: string): Promise<Merchant> {
      const name = host
        .toLowerCase()
        .replace(/:\d+$/, '')
        .replace(/^\[|\]$/g, '');
      const merchant = (await load()).byHost.get(name);
      if (!merchant) throw new AppError('merchant_not_found');
      return merchant;
    },

    async create(code: string, settings: MerchantSettings, hosts: string[]) {
      checkCurrency(settings);
      const id = await repository.insert(code, settings, hosts);
      cache = undefined;
      return id;
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
     * The player site sees the change at once in this process and within the cache time in any other.
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
      cache = undefined;
      return settings;
    },
  };
}

export type MerchantsService = ReturnType<typeof merchantsService>;
