import { type LanguageCode, languageCodes, languageTags } from '@tala/contracts/language-codes';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import en from '../locales/en.json';
import { readStorage, storageKeys, writeStorage } from './storage.ts';

export const defaultLanguage: LanguageCode = 'EN';

/**
 * A language file with the sportsbook's names of sports, markets and outcomes in that language put in: one table per
 * language that the back office's trading desk reads too (@tala/sports/names/<language>).
 */
async function withSportsNames(
  file: Promise<{ default: Record<string, unknown> }>,
  names: Promise<Record<string, unknown>>,
): Promise<{ default: ResourceKey }> {
  const [{ default: texts }, table] = await Promise.all([file, names]);
  const sportsbook = texts.sportsbook as Record<string, unknown>;
  return { default: { ...texts, sportsbook: { ...sportsbook, ...(Object.values(table)[0] as object) } } };
}

/** Only English ships in the first load; the other language files are fetched when chosen. */
const loaders: Record<string, () => Promise<{ default: ResourceKey }>> = {
  ty: () => withSportsNames(import('../locales/ty.json'), import('@tala/sports/names/ty')),
  cn: () => withSportsNames(import('../locales/cn.json'), import('@tala/sports/names/cn')),
  id: () => withSportsNames(import('../locales/id.json'), import('@tala/sports/names/id')),
  th: () => withSportsNames(import('../locales/th.json'), import('@tala/sports/names/th')),
  vi: () => withSportsNames(import('../locales/vi.json'), import('@tala/sports/names/vi')),
};

const lazyFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = loaders[language];
    if (!load) return callback(null, {});
    load().then(
      (file) => callback(null, file.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (languageCodes as readonly string[]).includes(value);
}

/** The language kept locally from an earlier visit, if any. */
export function storedLanguage(): LanguageCode | null {
  const value = readStorage('local', storageKeys.language)?.toUpperCase();
  return isLanguageCode(value) ? value : null;
}

export function localeOf(language: LanguageCode): string {
  return languageTags[language];
}

/**
 * The language the visitor chose, as the API's `Language` header spells it. This is the requested language, not the
 * resolved one: on a reload the chosen file is still loading when the first calls go out, and until it arrives
 * i18next resolves to the English fallback, which the server would then answer in.
 */
export function currentLanguage(): LanguageCode {
  const value = i18next.language?.toUpperCase() ?? i18next.resolvedLanguage?.toUpperCase();
  return isLanguageCode(value) ? value : (storedLanguage() ?? defaultLanguage);
}

function reflectOnDocument(language: LanguageCode) {
  document.documentElement.lang = languageTags[language];
  // The installable app's name and description follow the chosen language (the server words it per language).
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.href = `/manifest.webmanifest?lang=${language.toLowerCase()}`;
}

/**
 * The kept choice also as a cookie, so the server can send the page's first screen in it (decision 070). Not
 * HttpOnly: the site writes it; it carries nothing but the language code.
 */
function shareWithServer(language: LanguageCode) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers we serve
  document.cookie = `language=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * Switches the site's language. `remember` keeps the choice in localStorage (a picker choice);
 * the merchant's default applied on start is not remembered, so a later default change still reaches the visitor.
 */
export async function changeLanguage(language: LanguageCode, remember = true): Promise<void> {
  if (remember) {
    writeStorage('local', storageKeys.language, language);
    shareWithServer(language);
  }
  const code = language.toLowerCase();
  // Load the file first: switching to a language that is not loaded yet would suspend the whole page.
  await i18next.loadLanguages(code);
  await i18next.changeLanguage(code);
  reflectOnDocument(language);
}

/**
 * Some English texts are not in the first load (the /index budget): those of the safer-gambling pages, banner and
 * dialog, the responsible-gaming page, the agent centre and the sportsbook (locales/en-deferred.json, and the
 * sportsbook's names). Their lazy chunks wait for
 * this before they render. The other languages' files, fetched when chosen, hold every text.
 */
let deferredTexts: Promise<void> | undefined;
export function loadDeferredTexts(): Promise<void> {
  deferredTexts ??= withSportsNames(
    import('../locales/en-deferred.json'),
    import('@tala/sports/names/en'),
  ).then((file) => {
    i18next.addResourceBundle('en', 'translation', file.default, true, false);
  });
  return deferredTexts;
}

export const i18n = i18next;

const initial = storedLanguage() ?? defaultLanguage;
void i18next
  .use(lazyFiles)
  .use(initReactI18next)
  .init({
    lng: initial.toLowerCase(),
    fallbackLng: 'en',
    supportedLngs: languageCodes.map((code) => code.toLowerCase()),
    load: 'currentOnly',
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });
if (typeof document !== 'undefined') {
  reflectOnDocument(initial);
  // A choice kept before the cookie existed reaches the server from the next page on.
  const kept = storedLanguage();
  if (kept) shareWithServer(kept);
}

/** The current language as a code, re-rendering on change. */
export function useLanguage(): LanguageCode {
  const { i18n: instance } = useTranslation();
  const value = (instance.resolvedLanguage ?? instance.language).toUpperCase();
  return isLanguageCode(value) ? value : defaultLanguage;
}
