// The one check every app's language files pass (decision 066): the same keys as English, the same placeholders,
// no empty text, and no text left in English in CN, ID, TH or VI except names, brands, codes and the words those
// languages write as English does. Plain functions without zod, so the browser apps' tests can use them too.

/** Flattens nested texts into `a.b.c` keys. */
export function flattenTexts(tree: unknown, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  if (typeof tree !== 'object' || tree === null) return flat;
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flattenTexts(value, `${prefix}${key}.`)) flat.set(inner, text);
  }
  return flat;
}

/** i18next's `{{name}}` (the front ends); the server's catalogues use `{name}`. */
export const doubleBraces = /\{\{\s*(\w+)\s*\}\}/g;
export const singleBraces = /\{(\w+)\}/g;

/**
 * Texts the same in every language: brands, product and game names, codes and terms of art that players of every
 * market read in English (the provably-fair seeds, RTP). Kept short on purpose: a word goes here only when a
 * translation would confuse the reader.
 */
export const sameInEveryLanguage: ReadonlySet<string> = new Set([
  // Brands and apps
  'Tala Originals',
  'Facebook',
  'Telegram',
  'WhatsApp',
  'LINE',
  'LINE ID',
  'Zalo',
  'Viber',
  'WeChat',
  'WeChat ID',
  'QQ',
  'YouTube',
  'Instagram',
  'Twitter',
  'iOS',
  'Android',
  // Game and competition names
  "Texas Hold'em",
  'Texas Hold’em',
  'Pusoy Dos',
  'Tongits',
  'Tongits!',
  'Sapaw',
  'Mobile Legends',
  'Dota 2',
  'Counter-Strike',
  'League of Legends',
  'Valorant',
  // The Vietnamese lottery's bet types keep their Vietnamese names everywhere
  'Lô 2 số',
  'Lô 3 số',
  'Đề',
  'Đề đầu',
  '3 càng',
  'Xiên 2',
  'Xiên 3',
  'Xiên 4',
  // Codes and terms of art
  'VIP',
  'VIP {{level}}',
  'VIP {{ranks}}',
  'PVP',
  'HTML',
  'GGR',
  'RTP {{rtp}}%',
  '{{kb}} KB',
  'IP: {{ip}}',
  'Nonce',
  'Server seed',
  'Server seed:',
  'Client seed',
  // One-letter marks on roads, cards and announcement types
  'B',
  'P',
  'T',
  'X',
  'H',
  'PL',
  'PR',
  'PU',
]);

export type CompletenessOptions = {
  /** How placeholders are written in these files. */
  placeholders: RegExp;
  /** Checks that no text is left in English (CN, ID, TH, VI); TY is Taglish and keeps English words (decision 066). */
  noEnglish: boolean;
  /** Texts this language writes as English does, beyond `sameInEveryLanguage` (loanwords). */
  sameInThisLanguage?: Iterable<string>;
};

function placeholderNames(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(new RegExp(pattern.source, 'g'))].map((match) => match[1] ?? '').sort();
}

/** What is wrong with a language file against English, one line per problem (an empty list: complete). */
export function completenessProblems(
  english: Map<string, string>,
  translated: Map<string, string>,
  options: CompletenessOptions,
): string[] {
  const problems: string[] = [];
  const allowed = new Set([...sameInEveryLanguage, ...(options.sameInThisLanguage ?? [])]);
  for (const key of english.keys()) if (!translated.has(key)) problems.push(`missing: ${key}`);
  for (const key of translated.keys()) if (!english.has(key)) problems.push(`not in English: ${key}`);
  for (const [key, text] of translated) {
    const source = english.get(key);
    if (source === undefined) continue;
    if (text.trim() === '') problems.push(`empty: ${key}`);
    const want = placeholderNames(source, options.placeholders).join(',');
    const have = placeholderNames(text, options.placeholders).join(',');
    if (want !== have)
      problems.push(`placeholders of ${key}: ${have || 'none'} instead of ${want || 'none'}`);
    const words = text.replace(new RegExp(options.placeholders.source, 'g'), '');
    if (options.noEnglish && text === source && /\p{L}/u.test(words) && !allowed.has(text)) {
      problems.push(`English left in ${key}: ${JSON.stringify(text)}`);
    }
  }
  return problems;
}

// Card and casino terms that players of these markets read in English (IDN-style poker rooms, baccarat roads).
const casinoTerms = [
  'All in',
  'All in {{amount}}',
  'Call {{amount}}',
  'Check',
  'Fold',
  'Flop',
  'Turn',
  'River',
  'Pre-flop',
  'Showdown',
  'Pot',
  'Pot {{amount}}',
  '½ pot',
  '¾ pot',
  'Flush',
  'Full house',
  'Straight',
  'Straight flush',
  'Buy-in',
  'Rake',
  'Rake {{amount}}',
  'Chip',
  'Jackpot',
  'Bingo',
  'Bingo 75',
  'Bingo 90',
  'Baccarat',
  'Roulette',
  'Sic Bo',
  'Sic bo',
  'Video poker',
  'Bead plate',
  'Big road',
  'Big eye boy',
  'Small road',
  'Cockroach pig',
];

/** Per language, the words it writes as English does (loanwords of everyday use in its gaming sites). */
export const loanwords: Record<'CN' | 'ID' | 'TH' | 'VI', readonly string[]> = {
  CN: [],
  ID: [
    ...casinoTerms,
    'Member',
    'Status',
    'Status:',
    'Deposit',
    'Deposit {{target}}',
    'Bonus',
    'Total',
    'Total {{n}}',
    'Total {{total}}',
    'Bank',
    'Transfer',
    'Menu',
    'OK',
    'Level',
    'Turnover',
    'Rebate',
    'Esports',
    'E-sports',
    'Game',
    'Live chat',
    'Banner',
    'Logo',
    'Label',
    'Margin',
    'Memo',
    'Merchant',
    'Operator',
    'Vendor',
    'Target',
    'Seed',
    'Captcha',
    'Downline',
    'Upline',
    'E-mail',
    'Chase',
    'chase',
    'Streaming',
    'Offline',
    'FAQ',
    'SMS',
    'Payment gateway',
    'Cash out',
    'Minimum per deposit',
    'Odds {{mode}}',
    'Hong Kong',
    'Over / under',
    'Dead heat',
    'Time-out',
    'Dragon Tiger',
    'Player',
    'Banker',
    'Dealer',
    'Natural',
    'Pair',
    'Two pair',
    'Three of a kind',
    'Four of a kind',
    'Pass',
    'Meld',
    'Min',
    'Bet {{amount}}',
    'Split {{numbers}}',
    'Street {{numbers}}',
    'Corner {{numbers}}',
    'Six line {{numbers}}',
    'Triple {{n}}',
    'Double {{n}}',
    'slide',
  ],
  TH: [...casinoTerms],
  VI: [...casinoTerms, 'Menu', 'OK', 'Arcade', 'Hot', 'E-mail'],
};
