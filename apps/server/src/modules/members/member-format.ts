// The members module's shared shapes and small helpers: settings with their defaults, masks, limits.

import { dayOf } from '@tala/contracts/calendar';
import type { LanguageCode } from '@tala/contracts/languages';
import { MINIMUM_AGE } from '@tala/contracts/members';
import {
  defaultMemberSettings,
  type MemberSettings,
  memberSettings,
} from '@tala/contracts/merchant-settings';
import { AppError } from '../../http/app-error.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { Restriction } from './member-exclusions.repository.ts';
import type { MemberRow } from './members.repository.ts';

/** A member as the guard hands it to routes. */
export type SignedInMember = MemberRow & {
  tokenHash: Buffer;
  /** The break that applies now (docs/decisions/047-time-out-and-self-exclusion.md); null or absent when none. */
  restriction?: Restriction | null;
};

/** Where a request came from, for the record. */
export type RequestContext = {
  ip: string;
  host: string;
  language: LanguageCode;
  origin: string;
  /** The browser's own id (the site's `Device` header), when it sent one. */
  deviceId?: string | null;
};

export const RESET_LINK_MINUTES = 30;
/** Reset e-mails one address may ask for one member in an hour. */
export const RESETS_PER_ADDRESS_PER_HOUR = 3;
/** Reset e-mails addresses the member never used may ask for, together, in a (UTC) day: the inbox-flood bound. */
export const RESETS_FROM_STRANGERS_PER_DAY = 10;
/** Wrong current passwords a member may give in an hour when changing it. */
export const OLD_PASSWORD_TRIES_PER_HOUR = 10;
/** Wrong payment passwords a member may give in an hour before payments stop asking. */
export const PAYMENT_PASSWORD_TRIES_PER_HOUR = 5;

/** A merchant's member settings; documents saved before they existed get the defaults. */
/** The merchant's minimum age (18, or 21 under PAGCOR rules; documents older than the setting get 18). */
export function minimumAgeOf(merchant: Merchant): number {
  const age = (merchant.settings as { minimumAge?: unknown }).minimumAge;
  return typeof age === 'number' && age >= MINIMUM_AGE ? age : MINIMUM_AGE;
}

/** Whether someone born on `birthday` ('YYYY-MM-DD') is younger than `age` today in the merchant's time zone. */
export function underAge(merchant: Merchant, birthday: string, age: number, now = new Date()): boolean {
  const today = dayOf(now, merchant.settings.whitelabel.timeZone);
  const [year, monthDay] = [Number(birthday.slice(0, 4)), birthday.slice(4)];
  return `${year + age}${monthDay}` > today;
}

export function memberSettingsOf(merchant: Merchant): MemberSettings {
  const stored = (merchant.settings as { members?: unknown }).members;
  const parsed = memberSettings.safeParse(stored);
  return parsed.success ? parsed.data : defaultMemberSettings;
}

export function maskMobile(dialingCode: string | null, number: string | null): string | null {
  if (!dialingCode || !number) return null;
  return `${dialingCode} ${number.slice(0, 2)}${'*'.repeat(Math.max(number.length - 4, 1))}${number.slice(-2)}`;
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(name.length - 2, 3))}@${domain}`;
}

/** A username as stored and compared: trimmed and lower-case. */
export function normaliseUsername(username: string) {
  return username.trim().toLowerCase();
}

/** A new contact as the member typed it (POST /wps/member/contact/code, PUT /wps/member/contact). */
export type ContactInput = {
  channel: 'sms' | 'email';
  mobileNum?: string | undefined;
  countryDialingCode?: string | undefined;
  email?: string | undefined;
};
/** A checked contact: the number or lower-case address, and where its code goes. */
export type Contact =
  | { channel: 'sms'; dialingCode: string; number: string; destination: string }
  | { channel: 'email'; destination: string };

export function contactTaken(channel: Contact['channel']) {
  return channel === 'sms' ? new AppError('mobile_taken', 'mobileNum') : new AppError('email_taken', 'email');
}

export function toIso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
