import { languageCodes } from '@tala/contracts/languages';
import { describe, expect, it } from 'vitest';
import { seededBanners, seededTexts } from './content.ts';
import { textEms } from './content-art.ts';
import { ANNOUNCEMENT_TEXTS, BANNER_TEXTS, HELP_TEXTS, NOTICE_TEXTS } from './content-languages.ts';

// The demo merchant's notices, announcements, help centre and banners, in every language of the site (decision 066).
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

describe('the seeded texts of other languages', () => {
  const seedLanguages = ['CN', 'ID', 'TH', 'VI'] as const;
  it.each(seedLanguages)('%s has as many items as the English, no more', (language) => {
    expect(NOTICE_TEXTS[language]).toHaveLength(seeded.notices.length);
    expect(ANNOUNCEMENT_TEXTS[language]).toHaveLength(seeded.announcements.length);
    const help = HELP_TEXTS[language];
    expect(help.map((category) => category.articles.length)).toEqual(
      seeded.help.map((category) => category.articles.length),
    );
    expect(BANNER_TEXTS[language]).toHaveLength(seededBanners().length);
  });
});

// Names and loanwords that a market writes as English does: the only lines that may equal the English one.
const kept = new Set(['Bingo', 'Jackpot', 'Poker', 'MLBB, Dota 2, Valorant']);
const banners = seededBanners().map((item) => [`${item.group} banner ${item.index}`, item.texts] as const);

describe('the seeded banners', () => {
  it.each(banners)('%s has every language, short lines, and no English copy', (_name, texts) => {
    expect(Object.keys(texts).sort()).toEqual([...languageCodes].sort());
    const english = texts.EN;
    for (const language of languageCodes.filter((code) => code !== 'EN')) {
      const own = texts[language];
      expect(Object.keys(own), language).toEqual(['kicker', 'headline', 'subline', 'cta']);
      for (const field of ['kicker', 'headline', 'subline', 'cta'] as const) {
        const text = own[field];
        expect(text.trim(), `${language} ${field}`).not.toBe('');
        expect(text, `${language} ${field} keeps to one line`).not.toMatch(/[<>\n]/);
        if (language !== 'TY' && !kept.has(text)) {
          expect(text, `${language} ${field} is not the English text`).not.toBe(english[field]);
        }
      }
      // A banner line stays short: about as wide as the English (CJK counted twice as wide as Latin letters).
      expect(textEms(own.headline), `${language} headline`).toBeLessThanOrEqual(
        textEms(english.headline) * 1.5 + 3,
      );
      expect(textEms(own.cta), `${language} button`).toBeLessThanOrEqual(textEms(english.cta) * 1.5 + 3);
    }
  });
});
