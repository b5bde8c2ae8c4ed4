// Payment settings, gateway credentials and the member's wallets (spec §2 transfer wallets).
import crypto from 'node:crypto';
import { TRIAL_TYPE } from '@tala/contracts/members';
import { moneyDisplay } from '@tala/contracts/money-format';
import type { ConsolidatedFunds, GatewayCredential, PaymentSettings } from '@tala/contracts/payments';
import { sql } from 'kysely';
import { AppError } from '../../http/app-error.ts';
import { restrictionError } from '../members/member-exclusions.ts';
import type { SignedInMember } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import type { PaymentsCore } from './payments-core.ts';
import {
  amountOf,
  mayHandleGatewaySecrets,
  SANDBOX_GATEWAY,
  type SecretsOperator,
  toGatewayCredential,
} from './payments-format.ts';

export function paymentSettingsUseCases(core: PaymentsCore) {
  const {
    db,
    wallet,
    audit,
    merchants,
    games,
    repo,
    t,
    settingsOf,
    realMember,
    ledgerKey,
    mainAccount,
    sweep,
  } = core;
  return {
    settings: settingsOf,
    sweep,

    async saveSettings(actor: Actor, merchantCode: string, settings: PaymentSettings) {
      const merchant = await merchants.byCode(merchantCode);
      const before = await settingsOf(merchant.id);
      await db.transaction().execute(async (trx) => {
        await repo.saveSettings(trx, merchant.id, settings);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'payments.settings.update',
          target: `merchant:${merchant.code}`,
          before,
          after: settings,
          ip: actor.ip,
        });
      });
      return settingsOf(merchant.id);
    },

    /** The merchant's gateway accounts, secrets masked. Owner and finance only (`forbidden` for other roles). */
    async gatewayCredentials(operator: SecretsOperator, merchantCode: string): Promise<GatewayCredential[]> {
      mayHandleGatewaySecrets(operator);
      const merchant = await merchants.byCode(merchantCode);
      return (await repo.merchantCredentials(db, merchant.id)).map(toGatewayCredential);
    },

    /**
     * Sets a merchant's account at a gateway. The secret is write-only: left out, the stored one stays (a new
     * account needs one). Owner and finance only. Audited without the secret.
     */
    async saveGatewayCredential(
      operator: SecretsOperator,
      merchantCode: string,
      body: { gatewayCode: string; merchantNo: string; apiUrl: string | null; secret?: string | undefined },
    ): Promise<GatewayCredential> {
      mayHandleGatewaySecrets(operator);
      const merchant = await merchants.byCode(merchantCode);
      const existing = await repo.gatewayCredentials(db, merchant.id, body.gatewayCode);
      const secret = body.secret ?? existing?.secret;
      if (!secret) throw new AppError('validation_failed', 'secret');
      const holder = await repo.gatewayCredentialsByNumber(db, body.gatewayCode, body.merchantNo);
      if (holder && holder.merchant_id !== merchant.id) throw new AppError('conflict', 'merchantNo');
      await db.transaction().execute(async (trx) => {
        await repo.saveCredentials(trx, {
          merchant_id: merchant.id,
          gateway_code: body.gatewayCode,
          merchant_no: body.merchantNo,
          secret,
          api_url: body.apiUrl,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: merchant.id,
          action: 'payments.gateway_credentials.update',
          target: `merchant:${merchant.code}:${body.gatewayCode}`,
          before: existing ? { merchantNo: existing.merchant_no, apiUrl: existing.api_url } : null,
          after: {
            merchantNo: body.merchantNo,
            apiUrl: body.apiUrl,
            secretChanged: body.secret !== undefined,
          },
          ip: operator.ip,
        });
      });
      return toGatewayCredential(
        (await repo.gatewayCredentials(db, merchant.id, body.gatewayCode)) as NonNullable<typeof existing>,
      );
    },

    /** Secrets for the sandbox gateway, one account per merchant, created on first start. */
    async ensureSandboxCredentials() {
      const all = await merchants.list();
      await repo.ensureCredentials(
        db,
        all.map((m) => ({
          merchant_id: m.id,
          gateway_code: SANDBOX_GATEWAY,
          merchant_no: `M${m.code.toUpperCase().replaceAll('-', '')}`,
          secret: crypto.randomBytes(32).toString('hex'),
        })),
      );
      return Object.fromEntries(
        (await repo.allCredentials(db, SANDBOX_GATEWAY)).map((c) => [c.merchant_no, c.secret]),
      ) as Record<string, string>;
    },

    // ---------------------------------------------------------------------------------------------------------
    // Wallets (issue item 2)

    async merchantWallet(merchant: Merchant) {
      const vendors = await games.transferVendors(merchant);
      return { isSingle: vendors.length === 0, transferVendors: vendors };
    },

    /** The balances and currency of consolidated funds (the route adds the agents module's contract flags). */
    async consolidated(
      merchant: Merchant,
      member: SignedInMember,
    ): Promise<
      Omit<ConsolidatedFunds, 'divtypereq' | 'dailysalreqtype' | 'contracthoursalreq' | 'realtimesalreqtype'>
    > {
      const whitelabel = merchant.settings.whitelabel;
      const currency = moneyDisplay(whitelabel);
      if (member.type === TRIAL_TYPE) {
        const demo = member.demo_balance ?? 0;
        return {
          sumBalance: demo,
          mainBalance: demo,
          vendorWallets: [],
          pendingWithdrawals: 0,
          pendingDeposits: 0,
          ...currency,
        };
      }
      await mainAccount(merchant, member.id);
      const accounts = await wallet.memberAccounts(member.id);
      const vendors = await games.transferVendors(merchant);
      const main = accounts.find((a) => a.kind === 'member_main')?.balance ?? 0;
      const vendorWallets = vendors.map((v) => ({
        vendorCode: v.vendorCode,
        displayName: v.displayName,
        balance:
          accounts.find((a) => a.kind === 'member_vendor' && a.vendorCode === v.vendorCode)?.balance ?? 0,
      }));
      const held = await t(db)
        .selectFrom('withdrawals')
        .select((eb) =>
          eb.fn.coalesce(eb.fn.sum<number>(sql<number>`amount - refunded_amount`), sql<number>`0`).as('held'),
        )
        .where('member_id', '=', member.id)
        .where('status', 'in', ['pending', 'awaiting_second_approval', 'approved'])
        .executeTakeFirstOrThrow();
      const pending = await t(db)
        .selectFrom('deposits')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('pending'))
        .where('member_id', '=', member.id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return {
        sumBalance: main + vendorWallets.reduce((sum, v) => sum + v.balance, 0),
        mainBalance: main,
        vendorWallets,
        pendingWithdrawals: Number(held.held),
        pendingDeposits: Number(pending.pending),
        ...currency,
      };
    },

    async walletTransfer(
      merchant: Merchant,
      member: SignedInMember,
      body: { vendorCode: string; direction: 'in' | 'out'; amount: unknown; requestId?: string | undefined },
    ) {
      realMember(member);
      // Under a time-out, an exclusion or a closure money only comes back out of a game wallet (decision 047).
      if (body.direction === 'in' && member.restriction)
        throw restrictionError(member.restriction, merchant.settings.whitelabel.timeZone);
      const amount = amountOf(body.amount);
      const vendors = await games.transferVendors(merchant);
      if (!vendors.some((v) => v.vendorCode === body.vendorCode)) {
        throw new AppError('vendor_not_transfer_wallet', 'vendorCode');
      }
      const main = await mainAccount(merchant, member.id);
      const vendor = await wallet.memberAccount(merchant.id, member.id, {
        kind: 'member_vendor',
        vendorCode: body.vendorCode,
      });
      const who = { merchantId: merchant.id, memberId: member.id };
      const limits = core.deps.limits;
      const entry = await db.transaction().execute(async (trx) => {
        const posted = await wallet.transfer(trx, {
          merchantId: merchant.id,
          idempotencyKey: ledgerKey('vendor-transfer', member.id, body.requestId ?? crypto.randomUUID()),
          type: 'vendor_transfer',
          from: body.direction === 'in' ? main : vendor,
          to: body.direction === 'in' ? vendor : main,
          amount,
          memo: body.direction === 'in' ? `To ${body.vendorCode} wallet` : `From ${body.vendorCode} wallet`,
          actor: { type: 'member', id: member.id },
          // Into a game: staked as far as the player's limits can tell; back out of it: won back (decision 046).
          alongside:
            body.direction === 'in' ? limits?.transferIn(who, amount) : limits?.transferOut(who, amount),
        });
        return posted;
      });
      return {
        entryId: entry.entryId,
        mainBalance: await wallet.balance(main),
        vendorBalance: await wallet.balance(vendor),
      };
    },
  };
}
