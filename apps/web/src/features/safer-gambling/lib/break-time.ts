import { currentLanguage, localeOf } from '../../../lib/i18n.ts';

/** A break's start or end in the member's language, with the time (a time-out can end at any hour). */
export function formatBreakTime(iso: string): string {
  return new Intl.DateTimeFormat(localeOf(currentLanguage()), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
