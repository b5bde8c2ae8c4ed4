import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';
import { merchantSettings, moduleFlags } from './merchant-settings.ts';
import { secondFactorCode, totpEnrolment } from './totp.ts';
import { moneyDisplayFields } from './wallet.ts';

export const operatorRoles = ['owner', 'finance', 'support', 'content'] as const;
export const operatorRole = z.enum(operatorRoles);
export type OperatorRole = z.infer<typeof operatorRole>;

export const adminLoginBody = z.object({
  username: z.string().trim().min(1).max(40),
  password: z.string().min(1).max(200),
  /** The authenticator code, when the first answer asked for it. */
  code: secondFactorCode.optional(),
  /** The captcha, when an answer said `captcha: true` (GET /admin-api/captcha). */
  captcha: z.string().trim().max(10).optional(),
  captchaId: z.string().uuid().optional(),
  /** Skip the authenticator code in this browser for 30 days after passing it. */
  rememberDevice: z.boolean().optional(),
});

/** One merchant an operator may act on, and its role there. */
export const operatorMerchantRole = z.object({ merchantCode: z.string(), role: operatorRole });
export type OperatorMerchantRole = z.infer<typeof operatorMerchantRole>;

/**
 * A signed-in operator. A platform operator acts on every merchant with `role`; any other acts only on the merchants
 * of `merchantRoles`, each with its role there (decisions/060-merchant-scoped-operators.md). On a merchant's request
 * the guard sets `role` to the role there.
 */
export const operator = z.object({
  id: z.number().int(),
  username: z.string(),
  role: operatorRole,
  platform: z.boolean(),
  merchantRoles: z.array(operatorMerchantRole),
});
export type Operator = z.infer<typeof operator>;

const signedIn = z.object({
  status: z.literal('signed_in'),
  token: z.string(),
  operator,
  /** Shown once, after an enrolment. */
  recoveryCodes: z.array(z.string()).optional(),
});
/**
 * A sign-in answers the session, or the next step: the authenticator code, or (for a role that must use one and an
 * operator who has none) an enrolment to finish with POST /admin-api/session/enrolment.
 */
export const adminLoginValue = z.discriminatedUnion('status', [
  signedIn,
  z.object({ status: z.literal('code_required') }),
  z.object({ status: z.literal('enrolment_required'), ticket: z.string(), enrolment: totpEnrolment }),
]);
export type AdminLoginValue = z.infer<typeof adminLoginValue>;
export const adminLoginResponse = envelope(adminLoginValue);
export const adminEnrolBody = z.object({
  ticket: z.string().min(1).max(100),
  code: secondFactorCode,
  rememberDevice: z.boolean().optional(),
});
export const adminEnrolResponse = envelope(signedIn);
/** A captcha image (SVG data URL) and its id, to send back as `captchaId` with the answer. */
export const adminCaptchaResponse = envelope(z.object({ id: z.string(), image: z.string() }));

/** The signed-in operator's own second factor. */
export const secondFactorStatus = z.object({
  enabled: z.boolean(),
  /** The operator's role must use it: it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export const secondFactorStatusResponse = envelope(secondFactorStatus);

/** Back-office security settings (owners): the roles that must sign in with an authenticator code. */
export const backOfficeSecurity = z.object({
  totpRequiredRoles: z
    .array(operatorRole)
    .max(4)
    .refine((roles) => new Set(roles).size === roles.length),
});
export type BackOfficeSecurity = z.infer<typeof backOfficeSecurity>;
export const backOfficeSecurityResponse = envelope(backOfficeSecurity);
export const adminMeResponse = envelope(operator);
export const emptyResponse = envelope(z.null());

export const merchantSummary = z.object({
  code: z.string(),
  brandName: z.string(),
  domains: z.array(z.string()),
  /** Its site answers maintenance and member calls merchant_suspended; balances stay. */
  suspended: z.boolean(),
  /** How the merchant's amounts look (its currency, decision 061): the back office formats them with it. */
  money: z.object(moneyDisplayFields),
});
export const merchantListResponse = envelope(z.array(merchantSummary));

export const merchantCodeParams = z.object({ code: z.string().regex(/^[a-z0-9-]{2,32}$/) });
export const merchantSettingsResponse = envelope(merchantSettings);

/**
 * A settings document as the back office saves it: the document's own rules, plus the rules that tie its fields
 * together. Each refusal names the field at fault, so the form can show it beside that field.
 */
export const merchantSettingsBody = merchantSettings.superRefine((settings, ctx) => {
  const { supportedLanguages, defaultLanguage } = settings.whitelabel;
  if (new Set(supportedLanguages).size !== supportedLanguages.length) {
    ctx.addIssue({ code: 'custom', path: ['whitelabel', 'supportedLanguages'], message: 'duplicate' });
  }
  if (!supportedLanguages.includes(defaultLanguage)) {
    ctx.addIssue({ code: 'custom', path: ['whitelabel', 'defaultLanguage'], message: 'not supported' });
  }
  const { mode, countries } = settings.region;
  if (new Set(countries).size !== countries.length) {
    ctx.addIssue({ code: 'custom', path: ['region', 'countries'], message: 'duplicate' });
  }
  // An empty allow list would lock every visitor out of the site.
  if (mode === 'allow' && countries.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['region', 'countries'], message: 'empty allow list' });
  }
});

/** PUT settings may carry the version (the GET's `ETag`) it was edited from; a newer document then refuses it. */
export const merchantSettingsHeaders = z.object({ 'if-match': z.string().max(100).optional() });

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.string().nullable(),
  merchantCode: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
/** `action`: one action exactly (`operator.login`), or every action under a prefix (`operator.*`). */
export const auditQuery = pageQuery.extend({
  action: z
    .string()
    .regex(/^[a-z][a-z0-9_.]*(\.\*)?$/)
    .max(60)
    .optional(),
});
export const auditListResponse = envelope(pageOf(auditEntry));
export type AuditEntry = z.infer<typeof auditEntry>;

/** The actions the audit log records, for the back office's filter. */
export const auditActions = [
  'operator.login',
  'operator.login.failed',
  'operator.logout',
  'operator.create',
  'operator.update',
  'merchant.settings.update',
  'merchant.create',
  'merchant.suspend',
  'merchant.resume',
] as const;

/** Operator management, owners only. */
export const operatorAccount = operator.extend({
  disabled: z.boolean(),
  /** Signs in with an authenticator code. */
  twoFactor: z.boolean(),
  createdAt: z.string(),
});
export type OperatorAccount = z.infer<typeof operatorAccount>;
export const operatorListResponse = envelope(z.array(operatorAccount));
export const operatorResponse = envelope(operatorAccount);

export const createOperatorBody = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9._-]{2,39}$/),
  password: z.string().min(10).max(200),
  /** The platform role, or (with merchantRoles) the role shown in lists. */
  role: operatorRole,
  /** Empty or absent: a platform operator. Otherwise the operator acts only on these merchants, each with its role. */
  merchantRoles: z
    .array(z.object({ merchantCode: z.string().regex(/^[a-z0-9-]{2,32}$/), role: operatorRole }))
    .max(100)
    .optional(),
});
export type CreateOperatorBody = z.infer<typeof createOperatorBody>;

export const operatorIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const updateOperatorBody = z.object({ disabled: z.boolean() });

/** A domain a merchant's site answers on: a lower-case host name without port. */
const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/);
const sitePath = z
  .string()
  .max(500)
  .refine((url) => url.startsWith('/') || /^https?:\/\//i.test(url), 'url');

/**
 * A new merchant, as a platform operator creates it (POST /admin-api/platform/merchants). Languages and the currency
 * are checked by the service against the languages with files and the supported currencies, so each gets its own
 * error code.
 */
export const createMerchantBody = z.object({
  code: z.string().regex(/^[a-z0-9-]{2,32}$/),
  brand: z.object({
    name: z.string().trim().min(1).max(60),
    logoUrl: sitePath,
    primaryColour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    accentColour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    faviconUrl: sitePath.nullable().default(null),
    appIconUrl: sitePath.nullable().default(null),
  }),
  domains: z.array(hostName).min(1).max(20),
  defaultLanguage: z.string().regex(/^[A-Z]{2}$/),
  supportedLanguages: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .min(1)
    .max(10),
  timeZone: z.string().min(1).max(64),
  currency: z.string().regex(/^[A-Z]{3}$/),
  licenceText: z.string().trim().max(2000),
  /** The module flags (§6); absent ones keep the defaults. */
  modules: moduleFlags.partial().optional(),
  /** Vendor codes offered; absent: every vendor. */
  vendors: z
    .array(z.string().regex(/^[A-Z0-9_]{2,32}$/))
    .max(200)
    .optional(),
  /** Game types offered (ELOTT, LOTT, LIVE, SPORTS, FISH, RNG, PVP, ESPORTS); absent: every one. */
  products: z
    .array(z.enum(['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS']))
    .max(8)
    .optional(),
  /** Seed the demo content (banners, notices, help) too; off by default. */
  demoContent: z.boolean().default(false),
});
export type CreateMerchantBody = z.infer<typeof createMerchantBody>;
export const merchantSummaryResponse = envelope(merchantSummary);
export const suspendMerchantBody = z.object({ suspended: z.boolean() });
