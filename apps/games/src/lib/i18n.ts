import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from '../locales/en.ts';
import { ty } from '../locales/ty.ts';
import { read, write } from './session.ts';

export type Language = 'EN' | 'TY';
const languages: Language[] = ['EN', 'TY'];

/** The launch address's `lang`, else the site's kept choice, else English. */
function initialLanguage(): Language {
  const fromUrl = new URLSearchParams(window.location.search).get('lang')?.toUpperCase();
  const stored = read('local', 'language')?.toUpperCase();
  for (const candidate of [fromUrl, stored])
    if (candidate && languages.includes(candidate as Language)) return candidate as Language;
  return 'EN';
}

export function initI18n() {
  const language = initialLanguage();
  document.documentElement.lang = language === 'TY' ? 'fil' : 'en';
  return i18next.use(initReactI18next).init({
    resources: { EN: { translation: en }, TY: { translation: ty } },
    lng: language,
    fallbackLng: 'EN',
    interpolation: { escapeValue: false },
  });
}

export function currentLanguage(): Language {
  return (i18next.language as Language) ?? 'EN';
}

export function setLanguage(language: Language) {
  write('local', 'language', language);
  document.documentElement.lang = language === 'TY' ? 'fil' : 'en';
  void i18next.changeLanguage(language);
}

export { useTranslation };
