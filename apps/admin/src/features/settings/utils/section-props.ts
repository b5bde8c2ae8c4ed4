import type { MerchantSettings } from '@tala/contracts/merchant-settings';

/** What every settings section gets: the draft, a way to change it, and the save error for a field path. */
export type SectionProps = {
  draft: MerchantSettings;
  update: (change: (draft: MerchantSettings) => MerchantSettings) => void;
  errorFor: (path: string) => string | undefined;
};
