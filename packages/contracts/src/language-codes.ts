// Plain constants without zod, so the browser's first load can use them (zod stays in lazy chunks).

/** Languages that have a language file (spec §1). */
export const languageCodes = ['EN', 'TY', 'CN', 'ID', 'TH', 'VI'] as const;
export type LanguageCode = (typeof languageCodes)[number];

/** Names the picker shows, each in its own language, for every language a merchant may list. */
export const languageNames: Record<string, string> = {
  EN: 'English',
  TY: 'Tagalog',
  CN: '中文',
  ID: 'Bahasa Indonesia',
  TH: 'ไทย',
  VI: 'Tiếng Việt',
  JA: '日本語',
};
