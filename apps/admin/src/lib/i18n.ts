import { languageNames, languageTags } from '@tala/contracts/language-codes';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type Resources } from '../locales/en.ts';
import { local } from './storage.ts';

type LanguageEntry = {
  /** BCP 47 tag: i18next's language and Intl's locale (Tagalog's is `fil`). */
  tag: string;
  /** Each language file is typed `Resources`, so a missing key fails the type check. */
  load?: () => Promise<Resources>;
};

/**
 * The back office's languages, by the codes the API uses (GUIDE §3 `Language` header): the one place a language is
 * added. English ships in the first load; every other file is its own chunk, fetched when it is chosen.
 */
const languages = {
  EN: { tag: languageTags.EN },
  TY: { tag: languageTags.TY, load: () => import('../locales/ty.ts').then((file) => file.ty) },
  CN: { tag: languageTags.CN, load: () => import('../locales/cn.ts').then((file) => file.cn) },
  ID: { tag: languageTags.ID, load: () => import('../locales/id.ts').then((file) => file.id) },
  TH: { tag: languageTags.TH, load: () => import('../locales/th.ts').then((file) => file.th) },
  VI: { tag: languageTags.VI, load: () => import('../locales/vi.ts').then((file) => file.vi) },
} satisfies Record<string, LanguageEntry>;

export type AdminLanguage = keyof typeof languages;
export const adminLanguages = Object.keys(languages) as AdminLanguage[];

const LANGUAGE_KEY = 'tala.admin.language';

function isAdminLanguage(value: unknown): value is AdminLanguage {
  return typeof value === 'string' && Object.hasOwn(languages, value);
}

function keptLanguage(): AdminLanguage {
  const kept = local.get(LANGUAGE_KEY);
  return isAdminLanguage(kept) ? kept : 'EN';
}

/** The language's name in its own language, for the picker. */
export function languageName(language: AdminLanguage): string {
  return languageNames[language];
}

export function languageTag(language: AdminLanguage): string {
  return languages[language].tag;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

async function ensureLoaded(language: AdminLanguage) {
  const entry: LanguageEntry = languages[language];
  if (!entry.load || i18n.hasResourceBundle(entry.tag, 'translation')) return;
  i18n.addResourceBundle(entry.tag, 'translation', await entry.load());
}

export function currentLanguage(): AdminLanguage {
  return adminLanguages.find((code) => languages[code].tag === i18n.language) ?? 'EN';
}

/** The BCP 47 tag of the interface language, for Intl formatting. */
export function currentLocale(): string {
  return languages[currentLanguage()].tag;
}

/** Fetches the language's file if it is not loaded yet, then switches to it and keeps the choice. */
export async function changeLanguage(language: AdminLanguage) {
  await ensureLoaded(language);
  local.set(LANGUAGE_KEY, language);
  document.documentElement.lang = languages[language].tag;
  await i18n.changeLanguage(languages[language].tag);
}

/**
 * The kept language, loaded before the first render (main.tsx waits for it) so a reload does not flash English.
 * A file that cannot be fetched leaves the back office in English.
 */
export const i18nReady: Promise<void> = (async () => {
  const kept = keptLanguage();
  if (typeof document !== 'undefined') document.documentElement.lang = languages.EN.tag;
  if (kept === 'EN') return;
  await changeLanguage(kept).catch(() => undefined);
})();
