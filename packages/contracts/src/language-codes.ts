// Plain constants without zod, so the browser's first load can use them (zod stays in lazy chunks).

/** Languages that have a language file (spec §1). */
export const languageCodes = ['EN', 'TY', 'CN', 'ID', 'TH', 'VI'] as const;
export type LanguageCode = (typeof languageCodes)[number];

/** BCP 47 tags of the languages (<html lang>, i18next, Intl; Tagalog's is `fil`), the same in every app. */
export const languageTags: Record<LanguageCode, string> = {
  EN: 'en',
  TY: 'fil',
  CN: 'zh-CN',
  ID: 'id',
  TH: 'th',
  VI: 'vi',
};

/**
 * Names the pickers show, each in its own language: exactly the languages with files. Japanese, which the spec's
 * picker names, has no files and is not offered (decision 066).
 */
export const languageNames: Record<LanguageCode, string> = {
  EN: 'English',
  TY: 'Tagalog',
  CN: '中文',
  ID: 'Bahasa Indonesia',
  TH: 'ไทย',
  VI: 'Tiếng Việt',
};

/** A map of texts by language (a zod `translations` field holds EN, the fallback of every other language). */
export type Translations<T> = Partial<Record<LanguageCode, T>>;

/** The text in a language, else in EN (translations are checked on save to hold EN). */
export function pickLanguage<T>(map: Translations<T>, language: LanguageCode): T {
  return (map[language] ?? map.EN) as T;
}
