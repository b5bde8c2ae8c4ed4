import type { LanguageCode } from '@tala/contracts/languages';
import { localeOf } from '../../../lib/i18n.ts';

export function formatDate(iso: string, language: LanguageCode): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(date);
}
