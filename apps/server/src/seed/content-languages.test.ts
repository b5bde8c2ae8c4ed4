import { languageCodes } from '@tala/contracts/languages';
import { describe, expect, it } from 'vitest';
import { seededTexts } from './content.ts';

// The demo merchant's notices, announcements and help centre, in every language of the site (decision 066).
const tags = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)/g)].map((match) => match[0]).join('');
const seeded = seededTexts({});
const items = [
  ...seeded.notices.map((item, index) => [`notice ${index}`, item.texts] as const),
  ...seeded.announcements.map((item, index) => [`announcement ${index}`, item.texts] as const),
  ...seeded.help.flatMap((category, index) => [
    [`help category ${index}`, category.category.texts] as const,
    ...category.articles.map(
      (article, position) => [`help article ${index}.${position}`, article.texts] as const,
    ),
  ]),
];

describe('the seeded help and announcements', () => {
  it.each(items)('%s has every language, its markup, and no English copy', (_name, texts) => {
    expect(Object.keys(texts).sort()).toEqual([...languageCodes].sort());
    const english = Object.values(texts.EN as Record<string, string>);
    for (const language of languageCodes.filter((code) => code !== 'EN')) {
      const own = Object.values(texts[language] as Record<string, string>);
      own.forEach((text, field) => {
        const source = english[field] ?? '';
        expect(text.trim(), language).not.toBe('');
        expect(tags(text), `${language} markup`).toBe(tags(source));
        if (language !== 'TY') expect(text, `${language} is not the English text`).not.toBe(source);
      });
    }
  });
});
