import { defaultSaferGamblingSettings, type SaferGamblingSettings } from '@tala/contracts/safer-gambling';
import type { Database } from '../../db/database.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { saferGamblingRepository } from './safer-gambling.repository.ts';

export type SaferGamblingDeps = {
  db: Database;
  audit: AuditService;
  merchants: MerchantsService;
  members: MembersService;
  wallet: WalletService;
  /** How long a minute of the reality-check intervals lasts (60,000 ms; browser tests shorten it). */
  minuteMs?: () => number;
  /** The clock (tests move it). */
  now?: () => Date;
};

/** What the use-case files of the module share: its repository, its neighbours and the merchant's settings. */
export function saferGamblingCore(deps: SaferGamblingDeps) {
  return {
    db: deps.db,
    audit: deps.audit,
    members: deps.members,
    wallet: deps.wallet,
    merchants: deps.merchants,
    repository: saferGamblingRepository(),
    minuteMs: deps.minuteMs ?? (() => 60_000),
    now: deps.now ?? (() => new Date()),
    settingsOf(merchant: Merchant): SaferGamblingSettings {
      return merchant.settings.saferGambling ?? defaultSaferGamblingSettings;
    },
    async merchantById(merchantId: number): Promise<Merchant> {
      const merchant = (await deps.merchants.list()).find((m) => m.id === merchantId);
      if (!merchant) throw new Error(`merchant ${merchantId} not found`);
      return merchant;
    },
  };
}
export type SaferGamblingCore = ReturnType<typeof saferGamblingCore>;
