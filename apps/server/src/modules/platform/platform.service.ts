import type { CreateMerchantBody } from '@tala/contracts/admin';
import { currencyOf } from '@tala/contracts/currencies';
import { languageCodes } from '@tala/contracts/languages';
import { defaultRegistrationRules } from '@tala/contracts/registration-rules';
import { houseAccountKinds } from '@tala/contracts/wallet';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { GamesService } from '../games/games.service.ts';
import type { MembersService } from '../members/members.service.ts';
import { newMerchantSettings } from '../merchants/default-settings.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';

type Actor = { id: number; name: string; ip: string };

/** Whether the runtime knows the IANA time zone. */
function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The platform's own use cases (issue 19 item 1, decision 060): creating a merchant as a product, in one transaction
 * across the modules that own its parts — the merchant, its domains and settings (merchants), its registration
 * rules (members), its offer of vendors and products (games), its house ledger accounts (wallet) — and suspending it.
 * Platform operators only (the routes' guard: a route of no merchant).
 */
export function platformService(
  db: Database,
  deps: {
    audit: AuditService;
    merchants: MerchantsService;
    members: MembersService;
    games: GamesService;
    wallet: WalletService;
  },
) {
  const { audit, merchants, members, games, wallet } = deps;

  /** The body's own rules beyond its schema, each with its own code; nothing is written before they pass. */
  function check(body: CreateMerchantBody) {
    const languages = [...new Set(body.supportedLanguages)];
    const withoutFiles = [...languages, body.defaultLanguage].find(
      (l) => !(languageCodes as readonly string[]).includes(l),
    );
    if (withoutFiles)
      throw new AppError('language_without_files', 'supportedLanguages', { language: withoutFiles });
    if (languages.length !== body.supportedLanguages.length)
      throw new AppError('validation_failed', 'supportedLanguages');
    if (!languages.includes(body.defaultLanguage)) throw new AppError('validation_failed', 'defaultLanguage');
    const currency = currencyOf(body.currency);
    if (!currency) throw new AppError('currency_unknown', 'currency', { currency: body.currency });
    if (!knownTimeZone(body.timeZone))
      throw new AppError('time_zone_unknown', 'timeZone', { timeZone: body.timeZone });
    return { languages, currency };
  }

  return {
    /**
     * Creates a merchant whose site answers on its domains at once (the merchants' cache hears of it through the
     * change feed): the merchant and its settings, domains, default registration rules, its offer and its house
     * ledger accounts, audited, in one transaction. Demo content is the caller's to add after (routes).
     */
    async createMerchant(actor: Actor, body: CreateMerchantBody): Promise<Merchant> {
      const { languages, currency } = check(body);
      const base = newMerchantSettings({
        brandName: body.brand.name,
        logoUrl: body.brand.logoUrl,
        primaryColour: body.brand.primaryColour,
        accentColour: body.brand.accentColour,
        faviconUrl: body.brand.faviconUrl,
        appIconUrl: body.brand.appIconUrl,
      });
      const settings = {
        ...base,
        whitelabel: {
          ...base.whitelabel,
          // The merchant's one currency (decision 061): its symbol, exponent and shown decimals come from it.
          currency: currency.code,
          currencySymbol: null,
          displayDecimals: Math.min(currency.displayDecimals, currency.exponent),
          supportedLanguages: languages as typeof base.whitelabel.supportedLanguages,
          defaultLanguage: body.defaultLanguage as typeof base.whitelabel.defaultLanguage,
          timeZone: body.timeZone,
          // The form's one licence text is the default language's; the other languages keep the built-in ones
          // (each edited in the site settings afterwards; decision 066).
          licenceText: body.licenceText
            ? { ...base.whitelabel.licenceText, [body.defaultLanguage]: body.licenceText }
            : base.whitelabel.licenceText,
        },
        modules: { ...base.modules, ...body.modules },
      };
      await db.transaction().execute(async (trx) => {
        const id = await merchants.insert(trx, body.code, settings, body.domains);
        await members.repository.replaceRules(
          trx,
          id,
          defaultRegistrationRules().map((r) => ({
            field: r.field,
            show: r.show,
            required: r.required,
            pattern_id: r.patternId,
            min_length: r.minLength,
            max_length: r.maxLength,
          })),
        );
        await games.offerOnly(trx, id, { vendors: body.vendors, products: body.products });
        for (const kind of houseAccountKinds) {
          if (kind !== 'house_vendor') await wallet.houseAccount(id, kind, null, { executor: trx });
        }
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: id,
          action: 'merchant.create',
          target: body.code,
          after: { ...body, currency: currency.code },
          ip: actor.ip,
        });
      });
      return merchants.byCode(body.code);
    },

    setSuspended(actor: Actor, code: string, suspended: boolean) {
      return merchants.setSuspended(actor, code, suspended);
    },
  };
}

export type PlatformService = ReturnType<typeof platformService>;
