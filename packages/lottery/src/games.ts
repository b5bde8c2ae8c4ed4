import { digitsBetTypes, drawDigits, isDigitsResult } from './digits.ts';
import { drawElevenFive, elevenFiveBetTypes, isElevenFiveResult } from './eleven-five.ts';
import { defineGame, type Game, type Schedule } from './game.ts';
import { drawK3, isK3Result, k3BetTypes } from './k3.ts';
import { drawLhc, isLhcResult, lhcBetTypes } from './lhc.ts';
import { pcbBetTypes } from './pcb.ts';
import { drawPk10, isPk10Result, pk10BetTypes } from './pk10.ts';
import {
  drawVietnam,
  isVnResult,
  northernTiers,
  southernTiers,
  special,
  type VnBetSettings,
  type VnTier,
  vietnamBetTypes,
} from './vietnam.ts';

/**
 * The in-house lottery's games (docs/decisions/039-lottery.md). Odds are in thousandths per prize mode; each mode
 * returns a fixed share of the fair odds (Lott 97.5%, Elott 97%, ZY 96.5%, SEA 96%), rounded down to three
 * significant digits, so every bet type's return is at most that share (analysis.test.ts computes each exactly).
 * Stakes are per line, in minor units.
 */

const northern: VnBetSettings = {
  lo2: { odds: { Lott: 3_610, ZY: 3_570, Elott: 3_590, SEA: 3_550 }, stake: { min: 100, max: 500_000 } },
  lo3: { odds: { Lott: 42_300, ZY: 41_900, Elott: 42_100, SEA: 41_700 }, stake: { min: 100, max: 100_000 } },
  de: { odds: { Lott: 97_500, ZY: 96_500, Elott: 97_000, SEA: 96_000 }, stake: { min: 100, max: 500_000 } },
  dedau: {
    odds: { Lott: 97_500, ZY: 96_500, Elott: 97_000, SEA: 96_000 },
    stake: { min: 100, max: 500_000 },
  },
  bacang: {
    odds: { Lott: 975_000, ZY: 965_000, Elott: 970_000, SEA: 960_000 },
    stake: { min: 100, max: 50_000 },
  },
  xien2: {
    odds: { Lott: 17_700, ZY: 17_500, Elott: 17_600, SEA: 17_400 },
    stake: { min: 100, max: 200_000 },
  },
  xien3: {
    odds: { Lott: 79_200, ZY: 78_400, Elott: 78_800, SEA: 78_000 },
    stake: { min: 100, max: 100_000 },
  },
  xien4: {
    odds: { Lott: 365_000, ZY: 361_000, Elott: 363_000, SEA: 359_000 },
    stake: { min: 100, max: 50_000 },
  },
};

const southern: VnBetSettings = {
  lo2: { odds: { Lott: 5_410, ZY: 5_360, Elott: 5_380, SEA: 5_330 }, stake: { min: 100, max: 500_000 } },
  lo3: { odds: { Lott: 57_300, ZY: 56_700, Elott: 57_000, SEA: 56_400 }, stake: { min: 100, max: 100_000 } },
  de: northern.de,
  dedau: northern.dedau,
  bacang: northern.bacang,
  xien2: {
    odds: { Lott: 37_300, ZY: 36_900, Elott: 37_100, SEA: 36_700 },
    stake: { min: 100, max: 100_000 },
  },
  xien3: {
    odds: { Lott: 249_000, ZY: 246_000, Elott: 247_000, SEA: 245_000 },
    stake: { min: 100, max: 50_000 },
  },
  xien4: {
    odds: { Lott: 1_750_000, ZY: 1_730_000, Elott: 1_740_000, SEA: 1_720_000 },
    stake: { min: 100, max: 20_000 },
  },
};

const fast: Record<1 | 3 | 5, Schedule> = {
  1: { intervalSeconds: 60, closeSeconds: 10 },
  3: { intervalSeconds: 180, closeSeconds: 20 },
  5: { intervalSeconds: 300, closeSeconds: 30 },
};

function daily(minute: number): Schedule {
  return { intervalSeconds: 86_400, closeSeconds: 15 * 60, dailyMinute: minute };
}

function vietnamGame(
  code: string,
  name: string,
  tiers: readonly VnTier[],
  settings: VnBetSettings,
  schedule: Schedule,
  resultSource: 'seed' | 'operator' = 'seed',
): Game {
  return defineGame({
    ...(resultSource === 'operator' ? { resultSource } : {}),
    resultTiers: tiers,
    code,
    version: 1,
    name,
    family: 'VN',
    schedule,
    draw: (source) => drawVietnam(tiers, source),
    isResult: isVnResult(tiers),
    balls: (result) => [...special(result)],
    betTypes: vietnamBetTypes(tiers, settings),
  });
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * One fast game of each of the spec's other lottery types (decision 041). Their odds come from each bet type's exact
 * expected hits (bet-type.ts: each prize mode its share of the fair odds, rounded down to four significant digits).
 */
const familyGames: readonly Game[] = [
  defineGame({
    code: 'SSCF1',
    version: 1,
    name: 'SSC 1 min',
    family: 'SSC',
    schedule: fast[1],
    draw: (source) => drawDigits(5, source),
    isResult: isDigitsResult(5),
    balls: (r) => r.digits.map(String),
    betTypes: digitsBetTypes(5),
  }),
  defineGame({
    code: '11X5F1',
    version: 1,
    name: '11X5 1 min',
    family: '11X5',
    schedule: fast[1],
    draw: drawElevenFive,
    isResult: isElevenFiveResult,
    balls: (r) => r.balls.map(pad2),
    betTypes: elevenFiveBetTypes(),
  }),
  defineGame({
    code: 'K3F1',
    version: 1,
    name: 'K3 1 min',
    family: 'K3',
    schedule: fast[1],
    draw: drawK3,
    isResult: isK3Result,
    balls: (r) => r.dice.map(String),
    betTypes: k3BetTypes(),
  }),
  defineGame({
    code: 'PK10F1',
    version: 1,
    name: 'PK10 1 min',
    family: 'PK10',
    schedule: fast[1],
    draw: drawPk10,
    isResult: isPk10Result,
    balls: (r) => r.places.map(pad2),
    betTypes: pk10BetTypes(),
  }),
  defineGame({
    code: 'LHCF5',
    version: 1,
    name: 'LHC 5 min',
    family: 'LHC',
    schedule: fast[5],
    draw: drawLhc,
    isResult: isLhcResult,
    balls: (r) => [...r.regular, r.special].map(pad2),
    betTypes: lhcBetTypes(),
  }),
  defineGame({
    code: 'PCBF3',
    version: 1,
    name: 'PC28 3 min',
    family: 'PCB',
    schedule: fast[3],
    draw: (source) => drawDigits(3, source),
    isResult: isDigitsResult(3),
    balls: (r) => r.digits.map(String),
    betTypes: pcbBetTypes(),
  }),
  defineGame({
    code: 'LFF5',
    version: 1,
    name: '3D 5 min',
    family: 'LF',
    schedule: fast[5],
    draw: (source) => drawDigits(3, source),
    isResult: isDigitsResult(3),
    balls: (r) => r.digits.map(String),
    betTypes: digitsBetTypes(3),
  }),
  defineGame({
    code: 'CHAINF1',
    version: 1,
    name: 'Hash chain 1 min',
    family: 'CHAIN',
    seeds: 'hashChain',
    schedule: fast[1],
    draw: (source) => drawDigits(5, source),
    isResult: isDigitsResult(5),
    balls: (r) => r.digits.map(String),
    betTypes: digitsBetTypes(5),
  }),
];

export const lotteryGames: readonly Game[] = [
  vietnamGame('VNN1', 'Vietnam North 1 min', northernTiers, northern, fast[1]),
  vietnamGame('VNN3', 'Vietnam North 3 min', northernTiers, northern, fast[3]),
  vietnamGame('VNN5', 'Vietnam North 5 min', northernTiers, northern, fast[5]),
  vietnamGame('VNS1', 'Vietnam South 1 min', southernTiers, southern, fast[1]),
  vietnamGame('VNS3', 'Vietnam South 3 min', southernTiers, southern, fast[3]),
  vietnamGame('VNS5', 'Vietnam South 5 min', southernTiers, southern, fast[5]),
  ...familyGames,
  // Daily games whose result operators enter from the outside draw they mirror (decision 042): the northern draw at
  // 18:15 and the southern at 16:15 local time, the sale closing 15 minutes before.
  vietnamGame('VNND', 'Vietnam North daily', northernTiers, northern, daily(18 * 60 + 15), 'operator'),
  vietnamGame('VNSD', 'Vietnam South daily', southernTiers, southern, daily(16 * 60 + 15), 'operator'),
];

const byCode = new Map(lotteryGames.map((g) => [g.code, g]));

export function gameByCode(code: string): Game | undefined {
  return byCode.get(code);
}
