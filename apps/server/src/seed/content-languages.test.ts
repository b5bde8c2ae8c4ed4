import { BROADCAST_BODY_MAX, BROADCAST_TITLE_MAX } from '@tala/contracts/broadcasts';
import { languageCodes } from '@tala/contracts/languages';
import { describe, expect, it } from 'vitest';
import {
  DEMO_CONTENT_SETTINGS,
  seededBanners,
  seededChannels,
  seededPartners,
  seededTexts,
} from './content.ts';
import { bannerSvg, textEms } from './content-art.ts';
import {
  ANNOUNCEMENT_TEXTS,
  BANNER_TEXTS,
  BROADCAST_TEXTS,
  CHANNEL_TITLES,
  HELP_TEXTS,
  NOTICE_TEXTS,
  PARTNER_NAMES,
  PROMOTION_PICTURE_TEXTS,
  PROMOTION_TEXTS,
  SETTINGS_TEXTS,
} from './content-languages.ts';
import { seededBroadcastTexts, seededPromotionPictures, seededPromotionTexts } from './demo.ts';

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
    expect(PARTNER_NAMES[language]).toHaveLength(seededPartners().length);
    expect(SETTINGS_TEXTS[language].helpLinks).toHaveLength(DEMO_CONTENT_SETTINGS.footer.helpLinks.length);
    expect(SETTINGS_TEXTS[language].products).toHaveLength(DEMO_CONTENT_SETTINGS.footer.products.length);
    expect(CHANNEL_TITLES[language]).toHaveLength(seededChannels('tala').length);
    expect(Object.keys(PROMOTION_PICTURE_TEXTS[language]).sort()).toEqual(
      seededPromotionPictures()
        .map((picture) => picture.key)
        .sort(),
    );
    expect(Object.keys(PROMOTION_TEXTS[language]).sort()).toEqual(Object.keys(seededPromotionTexts()).sort());
    expect(Object.keys(BROADCAST_TEXTS[language]).sort()).toEqual(Object.keys(seededBroadcastTexts()).sort());
  });
});

// The amounts and rates of a promotion or picture, which every language must state alike.
const figures = (text: string) =>
  [...text.matchAll(/P\d+(?:,\d{3})*|\d+(?:\.\d+)?%/g)].map((match) => match[0]).sort();

// Names and loanwords that a market writes as English does: the only lines that may equal the English one.
const kept = new Set(['Bingo', 'Jackpot', 'Poker', 'MLBB, Dota 2, Valorant']);
const banners = [
  ...seededBanners().map((item) => [`${item.group} banner ${item.index}`, item.texts] as const),
  ...seededPromotionPictures().map((item) => [`${item.key} promotion picture`, item.texts] as const),
];

describe('the seeded banners and promotion pictures', () => {
  it("put the merchant's currency on the coins (a dong merchant's are not pesos)", () => {
    const art = {
      width: 1200,
      height: 450,
      from: '#000000',
      to: '#111111',
      accent: '#ffd54a',
      kicker: 'Slots',
      headline: 'Thousands of slots',
      subline: 'From our studio',
      cta: 'Spin',
      motif: 'coins' as const,
      seed: 1,
    };
    expect(bannerSvg({ ...art, coin: '₫' })).toContain('>₫</text>');
    expect(bannerSvg({ ...art, coin: '₫' })).not.toContain('>P</text>');
    expect(bannerSvg(art)).toContain('>P</text>');
  });

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
        expect(figures(text), `${language} ${field} figures`).toEqual(figures(english[field]));
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

// The names a partner, channel or product goes by everywhere: the only short texts that may equal the English one.
const names = new Set([
  'Tala Originals',
  'Sampaguita Slots',
  'Lakan Live',
  'Palaro Sports',
  'Fair Play Lab',
  'E-Wallet',
  'QR Ph',
  'USDT',
  'Telegram',
  'Facebook',
  'Bingo',
]);
const { footer, chat } = DEMO_CONTENT_SETTINGS;
const labels = [
  ...seededPartners().map((item) => [`partner ${item.names.EN}`, item.names] as const),
  ...footer.helpLinks.map((item) => [`footer help link ${item.path}`, item.titles] as const),
  ...footer.products.map((item) => [`footer product ${item.path}`, item.titles] as const),
  ['chat greeting', chat.greeting] as const,
  ...seededChannels('tala').map((item) => [`${item.csType} channel`, item.titles] as const),
];

describe('the seeded footer, chat greeting and channels', () => {
  it.each(labels)('%s has every language, and no English copy but a name', (_name, texts) => {
    expect(Object.keys(texts).sort()).toEqual([...languageCodes].sort());
    const english = texts.EN ?? '';
    for (const language of languageCodes.filter((code) => code !== 'EN')) {
      const text = texts[language] ?? '';
      expect(text.trim(), language).not.toBe('');
      expect(text, `${language} keeps to one line`).not.toMatch(/[<>\n]/);
      if (language !== 'TY' && !names.has(english)) {
        expect(text, `${language} is not the English text`).not.toBe(english);
      }
      if (names.has(english) && english !== 'Bingo') expect(text, `${language} keeps the name`).toBe(english);
    }
  });
});

const longest = { title: 80, summary: 200, rules: 4000 };
const promotions = Object.entries(seededPromotionTexts());

describe('the seeded promotions', () => {
  it.each(promotions)(
    '%s has every language, the same figures and lines, and no English copy',
    (_key, texts) => {
      expect(Object.keys(texts).sort()).toEqual([...languageCodes].sort());
      const english = texts.EN;
      for (const language of languageCodes.filter((code) => code !== 'EN')) {
        for (const field of ['title', 'summary', 'rules'] as const) {
          const text = texts[language][field];
          expect(text.trim(), `${language} ${field}`).not.toBe('');
          expect(text.length, `${language} ${field} fits`).toBeLessThanOrEqual(longest[field]);
          expect(figures(text), `${language} ${field} figures`).toEqual(figures(english[field]));
          expect(text.split('\n'), `${language} ${field} lines`).toHaveLength(
            english[field].split('\n').length,
          );
          if (language !== 'TY')
            expect(text, `${language} ${field} is not the English text`).not.toBe(english[field]);
        }
      }
    },
  );
});

// A platform message's amounts, rates and hours, which every language must state alike.
const broadcastFigures = (text: string) =>
  [...figures(text), ...[...text.matchAll(/\d{1,2}:\d{2}/g)].map((match) => match[0])].sort();
const broadcasts = Object.entries(seededBroadcastTexts());

describe('the seeded platform messages', () => {
  it.each(broadcasts)('%s has every language, the same figures, and no English copy', (_key, texts) => {
    expect(Object.keys(texts).sort()).toEqual([...languageCodes].sort());
    const english = texts.EN;
    for (const language of languageCodes.filter((code) => code !== 'EN')) {
      expect(Object.keys(texts[language]), language).toEqual(['title', 'body']);
      for (const field of ['title', 'body'] as const) {
        const text = texts[language][field];
        expect(text.trim(), `${language} ${field}`).not.toBe('');
        expect(text.length, `${language} ${field} fits`).toBeLessThanOrEqual(
          field === 'title' ? BROADCAST_TITLE_MAX : BROADCAST_BODY_MAX,
        );
        expect(text, `${language} ${field} is plain text`).not.toMatch(/[<>]/);
        expect(broadcastFigures(text), `${language} ${field} figures`).toEqual(
          broadcastFigures(english[field]),
        );
        if (language !== 'TY')
          expect(text, `${language} ${field} is not the English text`).not.toBe(english[field]);
      }
    }
  });
});
