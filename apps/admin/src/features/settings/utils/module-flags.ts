import type { ModuleFlags } from '@tala/contracts/merchant-settings';

/** The flag shown with access rules rather than among the feature switches. */
export const homeLoginFlag = 'loginRequiredForHome' satisfies keyof ModuleFlags;

/** The feature switches in the order the page shows them. */
export const featureFlags = [
  'usernameRegistration',
  'mobileRegistration',
  'mobilePasswordRegistration',
  'registrationSms',
  'freePlay',
  'forcedPasswordExpiry',
  'loginByCode',
  'forgotPasswordByPhone',
  'countryCodePicker',
] as const satisfies readonly (keyof ModuleFlags)[];

// A flag added to the contract and not to this page fails the type check here.
type Unshown = Exclude<keyof ModuleFlags, (typeof featureFlags)[number] | typeof homeLoginFlag>;
export const everyFlagShown: [Unshown] extends [never] ? true : Unshown = true;
