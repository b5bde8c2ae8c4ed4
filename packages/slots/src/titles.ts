import { type CompiledTitle, compileTitle, type SymbolConfig, type TitleConfig } from './engine.ts';

/**
 * The studio's titles: each is nothing but a paytable configuration for the one engine. Their RTP is not written
 * here: analysis.ts computes it from these strips, and the info panel shows that figure. Changing anything that
 * decides outcomes (strips, pays, awards, multiplier, lines, bets, jackpot) means raising `version`.
 */

const bets = [100, 200, 500, 1000, 2000, 5000, 10_000];
/** 1% of every bet funds the merchant's progressive pool; at the largest bet it falls once in 20,000 spins. */
const jackpot = { shareBp: 100, oneInAtMaxBet: 20_000 };

function regular(
  code: string,
  art: string,
  EN: string,
  TY: string,
  pays: SymbolConfig['pays'],
): SymbolConfig {
  return { code, kind: 'regular', art, name: { EN, TY }, pays };
}

const cards: SymbolConfig[] = [
  regular('A', 'card-a', 'Ace', 'Alas', { 3: 10, 4: 25, 5: 100 }),
  regular('K', 'card-k', 'King', 'Hari', { 3: 8, 4: 20, 5: 80 }),
  regular('Q', 'card-q', 'Queen', 'Reyna', { 3: 6, 4: 15, 5: 60 }),
  regular('J', 'card-j', 'Jack', 'Sota', { 3: 5, 4: 12, 5: 50 }),
  regular('T', 'card-10', 'Ten', 'Sampu', { 3: 5, 4: 10, 5: 40 }),
];

export const mangoFiesta: TitleConfig = {
  code: 'TALA-RNG-0001',
  version: 1,
  name: { EN: 'Mango Fiesta', TY: 'Pista ng Mangga' },
  tagline: {
    EN: 'A sunny fruit slot with frequent small wins: 10 lines, free spins with every win doubled.',
    TY: 'Maaraw na fruit slot na madalas manalo nang maliit: 10 linya, free spins na doble ang bawat panalo.',
  },
  palette: { primary: '#f59e0b', accent: '#16a34a', reelLight: '#fff7e6', reelDark: '#2b1d05' },
  lines: 10,
  symbols: [
    {
      code: 'W',
      kind: 'wild',
      art: 'sun',
      name: { EN: 'Sun (wild)', TY: 'Araw (wild)' },
      pays: { 3: 50, 4: 200, 5: 1000 },
    },
    {
      code: 'S',
      kind: 'scatter',
      art: 'star',
      name: { EN: 'Fiesta Star (scatter)', TY: 'Bituin ng Pista (scatter)' },
    },
    regular('7', 'seven', 'Lucky Seven', 'Suwerteng Pito', { 3: 40, 4: 150, 5: 500 }),
    regular('B', 'bell', 'Bell', 'Kampana', { 3: 25, 4: 80, 5: 300 }),
    regular('M', 'mango', 'Mango', 'Mangga', { 3: 15, 4: 50, 5: 200 }),
    regular('P', 'pineapple', 'Pineapple', 'Pinya', { 3: 12, 4: 40, 5: 150 }),
    regular('G', 'grapes', 'Grapes', 'Ubas', { 3: 8, 4: 25, 5: 100 }),
    regular('C', 'cherry', 'Cherries', 'Seresa', { 2: 2, 3: 5, 4: 20, 5: 80 }),
    regular('L', 'calamansi', 'Calamansi', 'Kalamansi', { 3: 5, 4: 15, 5: 60 }),
  ],
  reels: [
    'PGLCBL7MPGCLSBGPLCMLWGC7PLBCGML',
    'CL7MPGCBCLGCWPMBLGLPL7SGMLCPBWLG',
    'SWCLGPBCLM7GPLCGBLMPCG7LBCPLGM',
    'CLWPGM7LCPBGLCSMLGPCBW7LGPCLMBG',
    'LPGMB7CLGLPCWLBGMCLP7GLMBCSPGLC',
  ],
  scatter: { pays: { 3: 2, 4: 10, 5: 50 }, freeSpins: { 3: 8, 4: 12, 5: 20 } },
  freeSpins: {
    multiplier: 2,
    reels: [
      'PCL7GCMLPBGCLPG7LWBCMSGLPCMLGB',
      'LPBCLGPM7LGCBLCWPGMLCSGPLB7GCMW',
      'MPGLC7BLGSPMCWLGBC7LPMGCLBPWGLC',
      'GBCWLPGMCLPGCBLW7LMPGCBLGCSPLM7',
      'L7CGMLGCPBLSCMGPLB7CGLPWCMLGBP',
    ],
  },
  bets,
  jackpot,
};

export const pearlOfPalawan: TitleConfig = {
  code: 'TALA-RNG-0002',
  version: 1,
  name: { EN: 'Pearl of Palawan', TY: 'Perlas ng Palawan' },
  tagline: {
    EN: 'Dive for treasure on 20 lines: free spins on reels rich in pearls, every win tripled.',
    TY: 'Sumisid para sa kayamanan sa 20 linya: free spins na maraming perlas, triple ang bawat panalo.',
  },
  palette: { primary: '#0891b2', accent: '#f472b6', reelLight: '#ecfeff', reelDark: '#05222b' },
  lines: 20,
  symbols: [
    {
      code: 'W',
      kind: 'wild',
      art: 'pearl',
      name: { EN: 'Pearl (wild)', TY: 'Perlas (wild)' },
      pays: { 3: 50, 4: 250, 5: 1000 },
    },
    {
      code: 'S',
      kind: 'scatter',
      art: 'chest',
      name: { EN: 'Treasure Chest (scatter)', TY: 'Baul ng Kayamanan (scatter)' },
    },
    regular('N', 'anchor', 'Anchor', 'Angkla', { 3: 30, 4: 120, 5: 500 }),
    regular('F', 'fish', 'Angelfish', 'Isda', { 3: 25, 4: 100, 5: 300 }),
    regular('R', 'starfish', 'Starfish', 'Bituing-dagat', { 3: 20, 4: 75, 5: 200 }),
    regular('H', 'shell', 'Seashell', 'Kabibe', { 3: 15, 4: 50, 5: 150 }),
    ...cards,
  ],
  reels: [
    'HTAQKNJWRFTHJAQKTRJQSHWNFATKQJR',
    'QNTAWKJHQRFTJKAQNTHRJWFAQTKSJHR',
    'SNQKJHTARWQJFKTHNRQAJTKWHFJQATR',
    'QRHJAWTNSRQKJTHFQANRTJKWHQAJTFK',
    'KFJQHTRWQAJTKSNRHJFTQAWKJRQTNHA',
  ],
  scatter: { pays: { 3: 3, 4: 15, 5: 100 }, freeSpins: { 3: 10, 4: 15, 5: 25 } },
  freeSpins: {
    multiplier: 3,
    reels: [
      'HTFAWJQKTRQNHAJTKWFSQJRHATKQJNR',
      'TJFQHWJATRQKNHTJQAWKRFTHJQNAWRSK',
      'FQRKWHNJTSQAWRJKTHQFAJRTQNWHKJTA',
      'TFJAHQKTRSWQJNHTFAKRQJWTHKAJNQRW',
      'JWTRKQNFJTAHQRJTKWQAHNSJTKFRQAH',
    ],
  },
  bets,
  jackpot,
};

export const goldenCarabao: TitleConfig = {
  code: 'TALA-RNG-0003',
  version: 1,
  name: { EN: 'Golden Carabao', TY: 'Gintong Kalabaw' },
  tagline: {
    EN: 'Big pays on 25 lines: two gold coins already pay, and free spins double every win.',
    TY: 'Malalaking bayad sa 25 linya: may bayad na ang dalawang gintong barya, at doble ang panalo sa free spins.',
  },
  palette: { primary: '#d97706', accent: '#dc2626', reelLight: '#fffbeb', reelDark: '#261603' },
  lines: 25,
  symbols: [
    {
      code: 'W',
      kind: 'wild',
      art: 'coin',
      name: { EN: 'Gold Coin (wild)', TY: 'Gintong Barya (wild)' },
      pays: { 2: 5, 3: 100, 4: 500, 5: 2500 },
    },
    { code: 'S', kind: 'scatter', art: 'gong', name: { EN: 'Gong (scatter)', TY: 'Gong (scatter)' } },
    regular('C', 'crown', 'Crown', 'Korona', { 2: 3, 3: 50, 4: 200, 5: 1000 }),
    regular('D', 'gem', 'Gem', 'Hiyas', { 3: 40, 4: 150, 5: 500 }),
    regular('G', 'goldbar', 'Gold Bar', 'Gintong Bareta', { 3: 30, 4: 100, 5: 300 }),
    regular('B', 'bell', 'Bell', 'Kampana', { 3: 20, 4: 60, 5: 200 }),
    regular('A', 'card-a', 'Ace', 'Alas', { 3: 10, 4: 30, 5: 120 }),
    regular('K', 'card-k', 'King', 'Hari', { 3: 8, 4: 25, 5: 100 }),
    regular('Q', 'card-q', 'Queen', 'Reyna', { 3: 6, 4: 20, 5: 80 }),
    regular('J', 'card-j', 'Jack', 'Sota', { 3: 5, 4: 15, 5: 60 }),
    regular('T', 'card-10', 'Ten', 'Sampu', { 3: 5, 4: 12, 5: 50 }),
  ],
  reels: [
    'JATBGJKQDJTCQAGJWKBTSJQDAJGCBKTQ',
    'QCTAWKJBQGDTJKAQCTBGJWDAQTKSJBG',
    'SCQKJBTAGWQJDKTBCGQAJTKWBDJQATG',
    'QGBJAWTCSGQKJTBDQACGTJKWBQAJTDK',
    'BJDGKCQWTJABSGJQTKJDACQTJBKGJAQT',
  ],
  scatter: { pays: { 3: 5, 4: 20, 5: 200 }, freeSpins: { 3: 12, 4: 15, 5: 20 } },
  freeSpins: {
    multiplier: 2,
    reels: [
      'AQKTBGWCJQKATDJBGQSTAKJCQBGTDJ',
      'JAQDTKBGWCJQTKAJBGQTDKAJWBCQTGS',
      'GBTJCKQWATJDGBKJQCATWGBQJTDSKAQ',
      'TDQCKSAJGTBQKJATCQGWDBJTQKAGBJW',
      'KQJWTCGKJQBATDQJGATBKQJCTDGABS',
    ],
  },
  bets,
  jackpot,
};

export const titleConfigs: readonly TitleConfig[] = [mangoFiesta, pearlOfPalawan, goldenCarabao];

const compiled = new Map<string, CompiledTitle>();

/** The compiled title of a game code, or undefined for a code that is not one of the studio's. */
export function titleByCode(code: string): CompiledTitle | undefined {
  const config = titleConfigs.find((t) => t.code === code);
  if (!config) return undefined;
  let title = compiled.get(code);
  if (!title) {
    title = compileTitle(config);
    compiled.set(code, title);
  }
  return title;
}
