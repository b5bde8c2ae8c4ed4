import 'i18next';
import type { SportsNames } from '@tala/sports/names/en';
import type en from '../locales/en.json';
import type enDeferred from '../locales/en-deferred.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    // The sportsbook's names of sports, markets and outcomes come from @tala/sports/names (lib/i18n.ts).
    resources: { translation: typeof en & typeof enDeferred & { sportsbook: SportsNames } };
  }
}
