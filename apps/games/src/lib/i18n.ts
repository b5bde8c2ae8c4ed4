import { type LanguageCode, languageCodes, languageTags } from '@tala/contracts/language-codes';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { cn } from '../locales/cn.ts';
import { en } from '../locales/en.ts';
import { id } from '../locales/id.ts';
import { th } from '../locales/th.ts';
import { ty } from '../locales/ty.ts';
import { vi } from '../locales/vi.ts';
import { read, write } from './session.ts';

/** The site's languages (EN, TY, CN, ID, TH, VI), as the API's `Language` header spells them. */
export type Language = LanguageCode;
const languages: readonly Language[] = languageCodes;

/** BCP 47 tags for <html lang>, as the site sets them. */
export const htmlLang: Record<Language, string> = languageTags;

/** The launch address's `lang`, else the site's kept choice, else English. */
export function initialLanguage(
  search = window.location.search,
  stored = read('local', 'language'),
): Language {
  const fromUrl = new URLSearchParams(search).get('lang')?.toUpperCase();
  for (const candidate of [fromUrl, stored?.toUpperCase()])
    if (candidate && languages.includes(candidate as Language)) return candidate as Language;
  return 'EN';
}

export function initI18n() {
  const language = initialLanguage();
  document.documentElement.lang = htmlLang[language];
  return i18next.use(initReactI18next).init({
    resources: {
      EN: { translation: en },
      TY: { translation: ty },
      CN: { translation: cn },
      ID: { translation: id },
      TH: { translation: th },
      VI: { translation: vi },
    },
    lng: language,
    fallbackLng: 'EN',
    interpolation: { escapeValue: false },
  });
}

export function currentLanguage(): Language {
  const language = i18next.language as Language | undefined;
  return language && languages.includes(language) ? language : 'EN';
}

/**
 * The language of the slots' own names and taglines (packages/slots has them in English and Tagalog): Tagalog for a
 * Tagalog page, English for every other.
 */
export function titleLanguage(): 'EN' | 'TY' {
  return currentLanguage() === 'TY' ? 'TY' : 'EN';
}

export function setLanguage(language: Language) {
  write('local', 'language', language);
  document.documentElement.lang = htmlLang[language];
  void i18next.changeLanguage(language);
}

export { useTranslation };
