import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en.ts';
import { ty } from '../locales/ty.ts';
import { local } from './storage.ts';

/** The back office's languages, by the codes the API uses (GUIDE §3 `Language` header). */
export const adminLanguages = ['EN', 'TY'] as const;
export type AdminLanguage = (typeof adminLanguages)[number];

/** i18next and Intl work with BCP 47 tags; Tagalog's is `fil`. */
const tags: Record<AdminLanguage, string> = { EN: 'en', TY: 'fil' };
const LANGUAGE_KEY = 'tala.admin.language';

function keptLanguage(): AdminLanguage {
  const kept = local.get(LANGUAGE_KEY);
  return kept === 'TY' ? 'TY' : 'EN';
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, fil: { translation: ty } },
  lng: tags[keptLanguage()],
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
document.documentElement.lang = tags[keptLanguage()];

export function currentLanguage(): AdminLanguage {
  return i18n.language === 'fil' ? 'TY' : 'EN';
}

/** The BCP 47 tag of the interface language, for Intl formatting. */
export function currentLocale(): string {
  return tags[currentLanguage()];
}

export async function changeLanguage(language: AdminLanguage) {
  local.set(LANGUAGE_KEY, language);
  document.documentElement.lang = tags[language];
  await i18n.changeLanguage(tags[language]);
}
