import type { CurrencyCode } from '@tala/contracts/currencies';
import { defaultLimitSettings } from '@tala/contracts/limits';
import {
  defaultKycSettings,
  defaultMemberSettings,
  type MerchantSettings,
  type ModuleFlags,
} from '@tala/contracts/merchant-settings';
import { defaultSaferGamblingSettings } from '@tala/contracts/safer-gambling';

/** The module flags a merchant starts with (§6). */
export const defaultModuleFlags: ModuleFlags = {
  usernameRegistration: true,
  mobileRegistration: true,
  mobilePasswordRegistration: false,
  registrationSms: false,
  freePlay: true,
  forcedPasswordExpiry: false,
  loginByCode: true,
  forgotPasswordByPhone: true,
  countryCodePicker: true,
  loginRequiredForHome: false,
};

/**
 * The settings document a new merchant starts with: its brand, and the defaults of every other section (no demo
 * channels, no exclusion group). The demo seed adds its own channels on top; the back office edits the rest.
 */
export function newMerchantSettings(
  brand: {
    brandName: string;
    logoUrl: string;
    primaryColour: string;
    accentColour: string;
    faviconUrl?: string | null;
    appIconUrl?: string | null;
  },
  market: {
    currency: CurrencyCode;
    supportedLanguages: MerchantSettings['whitelabel']['supportedLanguages'];
    timeZone: string;
  } = { currency: 'PHP', supportedLanguages: ['EN', 'TY'], timeZone: 'Asia/Manila' },
): MerchantSettings {
  const { faviconUrl, appIconUrl, ...whitelabel } = brand;
  return {
    whitelabel: {
      ...whitelabel,
      ...(faviconUrl ? { faviconUrl } : {}),
      ...(appIconUrl ? { appIconUrl } : {}),
      // The currency's own symbol ("P" for the peso, §9) and no decimals shown (§9); decision 061.
      currency: market.currency,
      currencySymbol: null,
      displayDecimals: 0,
      supportedLanguages: market.supportedLanguages,
      defaultLanguage: 'EN',
      timeZone: market.timeZone,
      copyright: `© ${new Date().getUTCFullYear()} ${brand.brandName}. All rights reserved.`,
      licenceText:
        'Licensed and regulated for online gaming. Players must be of legal age. Play responsibly: set limits and take breaks.',
    },
    modules: { ...defaultModuleFlags },
    maintenance: {
      enabled: false,
      title: 'Scheduled maintenance',
      message: 'We are upgrading our systems to serve you better. Please come back soon.',
      endTime: null,
    },
    region: { mode: 'off', countries: [], message: 'Our service is not available in your region.' },
    customerService: [{ csType: 'LIVECHAT', titles: { EN: 'Live chat' }, path: '/index?chat=1' }],
    resources: [],
    analyticsGtagId: null,
    imageCDNs: [],
    launchGameCDNs: [],
    sessionIdleMinutes: 15,
    minimumAge: 18,
    members: structuredClone(defaultMemberSettings),
    kyc: structuredClone(defaultKycSettings),
    saferGambling: structuredClone(defaultSaferGamblingSettings),
    exclusionGroup: null,
    limits: structuredClone(defaultLimitSettings),
  };
}
