import { z } from 'zod';
import { envelope, merchantListFilter, pageOf, pageQuery } from './envelope.ts';
import { memberTypes } from './member-types.ts';
import { MAX_RULE_LENGTH, registrationRule } from './registration-rules.ts';

/**
 * Player calls of members, sessions and verification (spec §3, §4, §7), and their back-office calls.
 * Bodies are parsed with these schemas; the merchant's registration rules are checked by the server with the
 * shared checker of registration-rules.ts, which names every field that fails.
 */

/** Any text field: bounded, never a number or object (a wrong type is a 400 naming the field). */
const text = (max = MAX_RULE_LENGTH) => z.string().max(max);
const optionalText = (max = MAX_RULE_LENGTH) => text(max).optional();
export const dialingCode = z.string().regex(/^\+[0-9]{1,4}$/, 'dialing code');
/** The ALTCHA payload: base64 of `{ challenge, solution }` as the widget's hidden field holds it. */
export const challengePayload = z.string().min(1).max(4000);

export { agentTypes, memberTypes, TRIAL_TYPE } from './member-types.ts';
export const memberType = z.union(memberTypes.map((t) => z.literal(t)));

// ---------------------------------------------------------------- challenge and captcha

/** GET /wps/system/challenge: an ALTCHA v2 challenge (proof of work), signed by the server; 5-minute life. */
export const challengeValue = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().optional(),
  })
  .meta({ id: 'Challenge' });
export const challengeResponse = envelope(challengeValue);

/**
 * GET /wps/captcha: value is the image as a `data:image/svg+xml;base64,…` URL. The id of the captcha comes back in
 * the `captcha-id` header and an HttpOnly cookie; send it back as `captchaId` (or let the cookie do it).
 */
export const captchaResponse = envelope(z.string());

// ---------------------------------------------------------------- login and sessions

export const loginBody = z.object({
  /** Username, or the mobile number for type sms. */
  username: z.string().trim().min(1).max(64),
  /** Password, or the SMS code for type sms. */
  password: z.string().min(1).max(MAX_RULE_LENGTH),
  type: z.enum(['username', 'sms']).default('username'),
  /** Dialling code of the mobile number (type sms). */
  countryDialingCode: dialingCode.optional(),
  captcha: optionalText(16),
  captchaId: z.string().uuid().optional(),
  /** Proof of work from GET /wps/system/challenge; required for type username. */
  challenge: challengePayload.optional(),
  /** The agent login: only agent types (1, 2, 41, 42) get in; others answer error_not_agent. */
  agent: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** How a login from a new address is confirmed; `google`: a code from the member's authenticator app (§4). */
export const secondCheckMethod = z.enum(['google', 'mobile', 'email', 'payeeName']);
export type SecondCheckMethod = z.infer<typeof secondCheckMethod>;

/** A login from a new address stops here: the session starts once the second check passes. */
export const secondCheck = z.object({
  ticket: z.string(),
  methods: z.array(secondCheckMethod),
  maskedMobile: z.string().nullable(),
  maskedEmail: z.string().nullable(),
  expiresInSeconds: z.number().int(),
});

export const loginValue = z
  .object({
    /** The session token (send it raw in `Authorization`); null while a second check is pending. */
    token: z.string().nullable(),
    firstTimeLogin: z.boolean(),
    passwordExpired: z.boolean(),
    /** The forced change-password dialog must open (password 123456, first login, or expired with the module on). */
    cpw: z.boolean(),
    /** The login before this one (ISO), or null on a first login. */
    lastLoginTime: z.string().nullable(),
    captcha: z.boolean(),
    secondCheck: secondCheck.nullable(),
  })
  .meta({ id: 'LoginValue' });
export type LoginValue = z.infer<typeof loginValue>;
export const loginResponse = envelope(loginValue);

/** A failed login: the error envelope plus the captcha flag (show the captcha from now on). */
export const loginFailure = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  message: z.string(),
  field: z.string().optional(),
  captcha: z.boolean(),
  retryAfterSeconds: z.number().int().optional(),
});

/** POST /wps/session/login/secondCheck/send: sends the code of a mobile or e-mail second check. */
export const secondCheckSendBody = z.object({
  ticket: z.string().min(1).max(100),
  method: z.enum(['mobile', 'email']),
});
export const expiredMinutesResponse = envelope(z.object({ expiredMinutes: z.number().int() }));

/** POST /wps/session/login/secondCheck: the code sent, or the payee (bank account) name; answers the login. */
export const secondCheckBody = z.object({
  ticket: z.string().min(1).max(100),
  method: secondCheckMethod,
  answer: z.string().trim().min(1).max(MAX_RULE_LENGTH),
});

/** POST /wps/session/login/freeplay: a trial member (type 4) with a demo balance. */
export const freePlayBody = z.object({
  os: optionalText(40),
  platform: z.string().max(4).default('W'),
  /** The site's random string; kept for the record, not trusted. */
  random: optionalText(200),
  challenge: challengePayload,
});

// ---------------------------------------------------------------- verification codes

/** POST /wps/verification/sms/noLogin: a code for SMS login or reset by phone (sent only to a member's number). */
export const smsNoLoginBody = z.object({
  mobileNum: z.string().trim().min(1).max(20),
  countryDialingCode: dialingCode,
});
/** POST /wps/verification/sms/register: a registration code. */
export const smsRegisterBody = z.object({
  mobileNo: z.string().trim().min(1).max(20),
  countryDialingCode: dialingCode,
});

// ---------------------------------------------------------------- registration

/** The lowest minimum age a merchant may set (years); a merchant's own is 18 or 21 (merchant settings). */
export const MINIMUM_AGE = 18;
/** A real calendar day 'YYYY-MM-DD' from 1900 on (not 2026-02-30). */
export const calendarDate = z
  .string()
  .regex(/^(19|20)\d\d-\d\d-\d\d$/, 'a date YYYY-MM-DD')
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
  }, 'a real calendar date');

/** GET /wps/system/setting/register: what the registration dialog shows, requires and checks. */
export const registrationSettings = z
  .object({
    rules: z.array(registrationRule),
    usernameRegistration: z.boolean(),
    mobileRegistration: z.boolean(),
    /** Mobile registration also asks for a password. */
    mobilePasswordRegistration: z.boolean(),
    /** A registration SMS code is required. */
    smsVerification: z.boolean(),
    countryCodePicker: z.boolean(),
    allowedDialingCodes: z.array(z.string()),
    minimumAge: z.number().int(),
    codeExpiredMinutes: z.number().int(),
  })
  .meta({ id: 'RegistrationSettings' });
export const registrationSettingsResponse = envelope(registrationSettings);

/** Terms, age and privacy checkboxes: each must be true. */
const consents = {
  acceptTerms: z.boolean(),
  confirmAge: z.boolean(),
  acceptPrivacy: z.boolean(),
};

/** PUT /wps/member/register: the registration user of spec §3. Values of fields the rules hide are ignored. */
export const registerBody = z.object({
  username: text(),
  password: text(),
  confirmPassword: text(),
  payeeName: optionalText(),
  email: optionalText(),
  qqNum: optionalText(),
  mobileNum: optionalText(),
  countryDialingCode: dialingCode.optional(),
  recommenderId: optionalText(),
  captcha: optionalText(16),
  captchaId: z.string().uuid().optional(),
  verificationCode: optionalText(),
  affiliateCode: optionalText(),
  paymentPassword: optionalText(),
  line: optionalText(),
  whatsapp: optionalText(),
  facebook: optionalText(),
  wechat: optionalText(),
  idNumber: optionalText(),
  referralCode: optionalText(64),
  domain: optionalText(253),
  registerUrl: optionalText(500),
  registerMethod: z.literal('WEB').default('WEB'),
  login: z.boolean().default(true),
  firebaseChannel: optionalText(),
  firebaseIdToken: optionalText(4000),
  challenge: challengePayload,
  /** Date of birth: refused with registration_under_age below the merchant's minimum age. */
  birthday: calendarDate.optional(),
  ...consents,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** PUT /wps/member/register/mobile: registration by mobile number and SMS code (password when that flag is on). */
export const registerMobileBody = z.object({
  mobileNum: text(20),
  countryDialingCode: dialingCode,
  verificationCode: text(),
  password: optionalText(),
  confirmPassword: optionalText(),
  affiliateCode: optionalText(),
  referralCode: optionalText(64),
  domain: optionalText(253),
  registerUrl: optionalText(500),
  registerMethod: z.literal('WEB').default('WEB'),
  login: z.boolean().default(true),
  challenge: challengePayload,
  birthday: calendarDate.optional(),
  ...consents,
});
export type RegisterMobileBody = z.infer<typeof registerMobileBody>;

/** A registration refused by its rules: every failing field, each with its localised message. */
export const ruleViolation = z.object({
  success: z.literal(false),
  errorCode: z.literal('rule_violation'),
  message: z.string(),
  field: z.string(),
  fields: z.array(
    z.object({ field: z.string(), reason: z.string(), patternId: z.string(), message: z.string() }),
  ),
});

/** GET /wps/agent/affiliate?code=&domain=: whether an affiliate code is an agent's; invalid: invitation_code_error. */
export const affiliateQuery = z.object({
  code: z.string().trim().min(1).max(64),
  domain: optionalText(253),
});
export const affiliateResponse = envelope(z.object({ code: z.string(), valid: z.literal(true) }));

// ---------------------------------------------------------------- member info

export const memberInfo = z
  .object({
    id: z.number().int(),
    account: z.string(),
    nickname: z.string().nullable(),
    type: z.number().int(),
    /** The member has an upline to transfer to. */
    toUpline: z.boolean(),
    uplineAccount: z.string().nullable(),
    clubLabel: z.object({ labelName: z.string() }).nullable(),
    memberLabel: z.array(z.object({ labelName: z.string() })),
    vipLevel: z.number().int(),
    /** The login before the current session (ISO), or null. */
    lastLoginTime: z.string().nullable(),
    hasPassword: z.boolean(),
    maskedMobile: z.string().nullable(),
    maskedEmail: z.string().nullable(),
    icon: z.number().int(),
    /** Trial members only: the demo balance in minor units (never real money). */
    demoBalance: z.number().int().nullable(),
    /** 'YYYY-MM-DD', or null until the member gives it (once; customer service corrects it). */
    birthday: z.string().nullable(),
  })
  .meta({ id: 'MemberInfo' });
export type MemberInfo = z.infer<typeof memberInfo>;
export const memberInfoResponse = envelope(memberInfo);

/** Avatars are generated SVGs (no outside host); icons 1-12 pick the colour and shape. */
export const AVATAR_ICONS = 12;
export const iconValue = z.object({ icon: z.number().int(), avatar: z.string() });
export const iconResponse = envelope(iconValue);
export const setIconBody = z.object({ icon: z.number().int().min(1).max(AVATAR_ICONS) });

/** PUT /wps/member/info: the member changes the nickname (1-30 characters, no look-alike or control characters). */
export const updateProfileBody = z.object({ nickname: z.string().trim().min(1).max(30) });

/** PUT /wps/member/info/birthday: the member's birthday, given once. */
export const birthdayBody = z.object({ birthday: calendarDate });

// ---------------------------------------------------------------- contacts (securityCenter)

/**
 * POST /wps/member/contact/code: a one-time code to a new mobile number (`sms`) or e-mail address (`email`);
 * the fields of the other channel are ignored.
 */
export const contactCodeBody = z.object({
  channel: z.enum(['sms', 'email']),
  mobileNum: optionalText(20),
  countryDialingCode: dialingCode.optional(),
  email: optionalText(254),
});
/**
 * PUT /wps/member/contact: binds the number or address that received `verificationCode`. Replacing a bound contact
 * also needs the login password (when one is held): the contacts receive reset links and codes.
 */
export const bindContactBody = contactCodeBody.extend({
  verificationCode: text(16),
  password: optionalText(),
});

/** GET /wps/member/logins: the member's recent login attempts, newest first. */
export const recentLogin = z.object({
  at: z.string(),
  ip: z.string(),
  /** ISO country code of the address when the bundled data set knows it. */
  country: z.string().nullable(),
  method: z.enum(['password', 'sms', 'freeplay', 'register', 'second_check']),
  outcome: z.enum(['pending', 'success', 'failure', 'second_check']),
});
export type RecentLogin = z.infer<typeof recentLogin>;
export const recentLoginsResponse = envelope(z.array(recentLogin));

/**
 * GET /wps/member/counts: the badge counts of §2. `unclaimed` (the avatar) is available promotions plus unread
 * messages; promotions, missions and rewards are 0 until their modules exist.
 */
export const memberCounts = z.object({
  message: z.number().int(),
  promotion: z.number().int(),
  mission: z.number().int(),
  reward: z.number().int(),
  unclaimed: z.number().int(),
});
export type MemberCounts = z.infer<typeof memberCounts>;
export const memberCountsResponse = envelope(memberCounts);

// ---------------------------------------------------------------- passwords

/** POST /wps/member/password. oldPassword is required only when the member holds a password. */
export const changePasswordBody = z.object({
  oldPassword: optionalText(),
  newPassword: text(),
  confirmNewPassword: text(),
});
/** POST /wps/member/password/email, form-encoded: sends a reset link. */
export const forgotByEmailBody = z.object({ username: text(64), email: text() });
/** POST /wps/member/password/reset: sets the password from the e-mailed link's token. */
export const resetPasswordBody = z.object({
  token: z.string().min(10).max(200),
  newPassword: text(),
  confirmNewPassword: text(),
});
/** POST /wps/member/password/verification: sets the password by mobile number and SMS code. */
export const resetByPhoneBody = z.object({
  mobileNum: text(20),
  countryDialingCode: dialingCode,
  verificationCode: text(),
  newPassword: text(),
  confirmNewPassword: text().optional(),
});
export const nullResponse = envelope(z.null());

// ---------------------------------------------------------------- back office

export const memberStatus = z.enum(['active', 'locked']);
export const memberSummary = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  status: memberStatus,
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  payeeName: z.string().nullable(),
  vipLevel: z.number().int(),
  uplineAccount: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type MemberSummary = z.infer<typeof memberSummary>;

export const memberListQuery = pageQuery.extend({
  merchantCode: merchantListFilter,
  /** Part of the account, nickname, mobile, e-mail or payee name. */
  q: z.string().trim().max(100).optional(),
  status: memberStatus.optional(),
  type: z.coerce.number().int().optional(),
  registeredFrom: z.iso.datetime({ offset: true }).optional(),
  registeredTo: z.iso.datetime({ offset: true }).optional(),
});
export const memberListResponse = envelope(pageOf(memberSummary));

export const loginHistoryEntry = z.object({
  at: z.string(),
  ip: z.string(),
  method: z.string(),
  outcome: z.string(),
});
export const memberDetail = memberSummary.extend({
  /** The upline's member id (the back office links to its page). */
  uplineId: z.number().int().nullable(),
  registerIp: z.string().nullable(),
  registerUrl: z.string().nullable(),
  registerDomain: z.string().nullable(),
  registerMethod: z.string(),
  affiliateCode: z.string().nullable(),
  referralCode: z.string().nullable(),
  recommenderId: z.string().nullable(),
  profile: z.record(z.string(), z.string().nullable()),
  lockedReason: z.string().nullable(),
  mustChangePassword: z.boolean(),
  passwordChangedAt: z.string().nullable(),
  activeSessions: z.number().int(),
  knownIps: z.array(z.object({ ip: z.string(), firstSeenAt: z.string(), lastSeenAt: z.string() })),
  loginHistory: z.array(loginHistoryEntry),
});
export type MemberDetail = z.infer<typeof memberDetail>;
export const memberDetailResponse = envelope(memberDetail);

/** GET /admin-api/members/:id/downline: the member's direct downline, each with the size of its own downline. */
export const memberDownline = z.object({
  /** Members below at every level, now. */
  total: z.number().int(),
  direct: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      type: z.number().int(),
      status: z.enum(['active', 'locked']),
      downline: z.number().int(),
    }),
  ),
});
export type MemberDownline = z.infer<typeof memberDownline>;
export const memberDownlineResponse = envelope(memberDownline);

export const memberIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const lockMemberBody = z.object({ reason: z.string().trim().min(1).max(500) });
/** PUT /admin-api/members/:id/upline (owners): moves the member, with its downline, under another agent. */
export const moveMemberBody = z.object({
  uplineUsername: z.string().trim().min(1).max(64),
  reason: z.string().trim().min(1).max(500),
});
/** Force a password reset: a temporary password, shown once; the member must change it at the next login. */
export const passwordResetResponse = envelope(z.object({ temporaryPassword: z.string() }));

export const registrationRulesResponse = envelope(z.array(registrationRule));

export const outboxQuery = pageQuery.extend({
  merchantCode: merchantListFilter,
  channel: z.enum(['sms', 'email']).optional(),
  destination: z.string().trim().max(200).optional(),
});
export const outboxEntry = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  channel: z.enum(['sms', 'email']),
  purpose: z.string(),
  destination: z.string(),
  subject: z.string().nullable(),
  /** The text sent, with any code or link token replaced by •: operators never see a live code. */
  body: z.string(),
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  createdAt: z.string(),
});
export const outboxListResponse = envelope(pageOf(outboxEntry));

/** The member's "Google verification": an authenticator app as the second check of a login from a new address. */
export const googleVerificationStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export const googleVerificationStatusResponse = envelope(googleVerificationStatus);
