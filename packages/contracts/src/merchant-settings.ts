import { z } from 'zod';
import { translations } from './content.ts';
import { languageCode } from './languages.ts';
import { defaultLimitSettings, limitSettings } from './limits.ts';
import { defaultSaferGamblingSettings, saferGamblingSettings } from './safer-gambling.ts';

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour');
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'country');
const safeUrl = z
  .string()
  .max(500)
  .refine((url) => url.startsWith('/') || /^https?:\/\//i.test(url), 'url');
const shortText = z.string().trim().max(200);
const longText = z.string().trim().max(2000);
/**
 * A text the operator writes for players, per language (EN required, the fallback of the others): the footer's
 * copyright and licence text, the maintenance and region-block screens (issue 19 item 4; decision 066).
 */
const shortTexts = translations(shortText);
const longTexts = translations(longText);
export type MerchantText = z.infer<typeof longTexts>;

export const whitelabel = z.object({
  brandName: z.string().trim().min(1).max(60),
  /** Logo as a site path (the seed ships generated SVG logos). */
  logoUrl: safeUrl,
  /** The browser tab's icon and the home-screen icon of the installed site, as site paths (absent: the defaults). */
  faviconUrl: safeUrl.optional(),
  appIconUrl: safeUrl.optional(),
  primaryColour: hexColour,
  accentColour: hexColour,
  /**
   * ISO 4217 code of the merchant's one currency (currencies.ts; issue 19 item 3, decision 061). Its exponent and
   * symbol come from there; a code we do not support is refused with currency_unknown by the service. Fixed once
   * the merchant has ledger accounts (the database's foreign key; currency_locked).
   */
  currency: z.string().regex(/^[A-Z]{3}$/, 'currency'),
  /** The merchant's own sign for the currency, or null for the currency's (the peso's "P", §9). */
  currencySymbol: z.string().trim().min(1).max(4).nullable().default(null),
  /** Decimals to show; §9 says none by default; never more than the currency's market shows. */
  displayDecimals: z.number().int().min(0).max(4),
  supportedLanguages: z.array(languageCode).min(1).max(6),
  defaultLanguage: languageCode,
  timeZone: z.string().min(1).max(64),
  /** Per language (EN required); the site shows the visitor's language, else EN. */
  copyright: shortTexts,
  licenceText: longTexts,
});
export type Whitelabel = z.infer<typeof whitelabel>;

export const moduleFlags = z.object({
  usernameRegistration: z.boolean(),
  mobileRegistration: z.boolean(),
  mobilePasswordRegistration: z.boolean(),
  registrationSms: z.boolean(),
  freePlay: z.boolean(),
  forcedPasswordExpiry: z.boolean(),
  loginByCode: z.boolean(),
  forgotPasswordByPhone: z.boolean(),
  countryCodePicker: z.boolean(),
  loginRequiredForHome: z.boolean(),
});
export type ModuleFlags = z.infer<typeof moduleFlags>;
export const moduleFlagNames = Object.keys(moduleFlags.shape) as (keyof ModuleFlags)[];

export const maintenanceSetting = z.object({
  enabled: z.boolean(),
  /** Per language (EN required); empty: the site's own wording. */
  title: shortTexts,
  message: longTexts,
  /** ISO time the maintenance is expected to end, or null when unknown. */
  endTime: z.iso.datetime({ offset: true }).nullable(),
});

export const regionSetting = z.object({
  /** off: nobody is blocked; allow: only the listed countries get in; block: the listed countries are kept out. */
  mode: z.enum(['off', 'allow', 'block']),
  countries: z.array(countryCode).max(250),
  /** Per language (EN required); empty: the site's own wording. */
  message: longTexts,
});

/** A customer-service channel; its title per language (EN required, the others fall back to it). */
export const customerServiceItem = z.object({
  csType: z.enum(['LIVECHAT', 'TELEGRAM', 'VIP', 'FACEBOOK']),
  titles: translations(shortText.min(1)),
  path: safeUrl,
});

export const resourceItem = z.object({
  resourceType: z.enum([
    'IOS',
    'ANDROID',
    'MOBILE_CONFIG',
    'FACEBOOK',
    'TWITTER',
    'INSTAGRAM',
    'YOUTUBE',
    'TELEGRAM',
  ]),
  url: safeUrl,
  qrCodeUrl: safeUrl.nullable(),
  labelNameEn: shortText,
});

/** Where a merchant's SMS and e-mail go. A null gateway or server means the built-in simulator (local runs, tests). */
export const messagingSetting = z.object({
  /** Base URL of the HTTP SMS gateway (POST {url}/messages); null: the built-in simulator. */
  smsGatewayUrl: z
    .string()
    .max(500)
    .regex(/^https?:\/\//)
    .nullable(),
  smsApiKey: z.string().max(200).nullable(),
  smsSenderId: z.string().trim().min(1).max(11),
  /** smtp:// or smtps:// URL of the mail server; null: the built-in SMTP simulator. */
  smtpUrl: z
    .string()
    .max(500)
    .regex(/^smtps?:\/\//)
    .nullable(),
  emailFrom: z.string().trim().min(3).max(200),
});

/** Members, sessions and verification: what a merchant tunes (docs/decisions/005-member-auth.md). */
export const memberSettings = z.object({
  /** One live session per member: a new login ends the older one, whose next call answers login.not.session. */
  singleSession: z.boolean(),
  /** Days before a password expires (used when the forcedPasswordExpiry module flag is on). */
  passwordExpiryDays: z.number().int().min(1).max(3650),
  /** A login from an address the member never used asks for a second check (code to mobile or e-mail, or payee name). */
  newIpSecondCheck: z.boolean(),
  /** Demo balance of a free-play (trial) member, in minor units; never real money. */
  freePlayBalance: z.number().int().min(0).max(1_000_000_000),
  /** Dialling codes SMS may be sent to (SMS-pumping defence); empty: none. */
  smsAllowedDialingCodes: z.array(z.string().regex(/^\+[0-9]{1,4}$/)).max(250),
  smsDailyCapPerIp: z.number().int().min(1).max(10_000),
  smsDailyCapPerDialingCode: z.number().int().min(1).max(10_000_000),
  /** Accounts one address may register in a rolling day (documents saved before it get the default). */
  registrationsPerIpPerDay: z.number().int().min(1).max(100_000).default(20),
  messaging: messagingSetting,
});
export type MemberSettings = z.infer<typeof memberSettings>;

export const defaultMemberSettings: MemberSettings = {
  singleSession: true,
  passwordExpiryDays: 90,
  newIpSecondCheck: true,
  freePlayBalance: 200_000,
  smsAllowedDialingCodes: ['+63'],
  smsDailyCapPerIp: 10,
  smsDailyCapPerDialingCode: 5000,
  registrationsPerIpPerDay: 20,
  messaging: {
    smsGatewayUrl: null,
    smsApiKey: null,
    smsSenderId: 'TALA',
    smtpUrl: null,
    emailFrom: 'no-reply@tala.localhost',
  },
};

/**
 * Age and identity checks (issue 18 item 4, docs/decisions/048-identity-verification.md): the market whose rules the
 * merchant follows (PAGCOR: members must be 21) and the withdrawal amount above which a verified account is needed.
 */
export const kycSettings = z.object({
  market: z.enum(['standard', 'pagcor']),
  /** Withdrawals above this amount (minor units) are refused until the member is verified; 0: every withdrawal. */
  withdrawalThreshold: z.number().int().min(0).max(1_000_000_000_000),
});
export type KycSettings = z.infer<typeof kycSettings>;
export const defaultKycSettings: KycSettings = { market: 'standard', withdrawalThreshold: 5_000_000 };

/** One merchant's whole site configuration, edited in the back office. */
export const merchantSettings = z.object({
  whitelabel,
  modules: moduleFlags,
  maintenance: maintenanceSetting,
  region: regionSetting,
  customerService: z.array(customerServiceItem).max(20),
  resources: z.array(resourceItem).max(20),
  analyticsGtagId: z
    .string()
    .regex(/^(G|UA)-[A-Z0-9-]{4,20}$/)
    .nullable(),
  imageCDNs: z.array(safeUrl).max(10),
  launchGameCDNs: z.array(safeUrl).max(10),
  /** Minutes of inactivity after which a member's session ends. */
  sessionIdleMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  /** Registration asks members to confirm this age and refuses a birthday below it (21 under PAGCOR rules). */
  minimumAge: z.union([z.literal(18), z.literal(21)]),
  /** Documents saved before these settings existed get the defaults. */
  members: memberSettings.default(defaultMemberSettings),
  kyc: kycSettings.default(defaultKycSettings),
  /** Reality checks and the signals' thresholds (issue 18; documents saved before it get the defaults). */
  saferGambling: saferGamblingSettings.default(defaultSaferGamblingSettings),
  /**
   * Merchants of the same exclusion group share self-exclusions between accounts with the same verified mobile,
   * verified e-mail or ID number (docs/decisions/047-time-out-and-self-exclusion.md); null: this merchant alone.
   */
  exclusionGroup: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'exclusionGroup')
    .nullable()
    .default(null),
  /** Player limits: the highest a member may set, the offer at registration (decision 046). */
  limits: limitSettings.default(defaultLimitSettings),
});
export type MerchantSettings = z.infer<typeof merchantSettings>;
