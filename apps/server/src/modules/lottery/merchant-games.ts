// A merchant's lottery games as its players meet them (docs/decisions/042-lottery-office.md): the game's defaults
// from packages/lottery with the merchant's switches, odds, rebates, stake limits and liability caps on top, and the
// bounds an operator's settings must keep: no odds above the fair odds, and odds plus rebate never returning more
// than the stake on average (a negative house edge).
import { type PrizeModeCode, prizeModes } from '@tala/contracts/lottery';
import { type BetType, type Game, oddsScale } from '@tala/lottery/game';
import { gameByCode, lotteryGames } from '@tala/lottery/games';
import type { Fraction } from '@tala/slots/fraction';
import type { Database } from '../../db/database.ts';
import { jsonMap, officeRepository } from './office.repository.ts';

/** Rebates are basis points of the stake: 100 = 1%. */
export const rebateScale = 10_000;

export type ModeTable = Record<PrizeModeCode, number>;

export type MerchantBetType = {
  type: BetType;
  odds: ModeTable;
  stake: { min: number; max: number };
  /** The most the house may pay on one number of this bet type in one draw; null: no cap. */
  liabilityCap: number | null;
};

export type MerchantGame = {
  game: Game;
  enabled: boolean;
  onSale: boolean;
  rebates: ModeTable;
  betTypes: MerchantBetType[];
};

const zeroRebates = (): ModeTable => ({ Lott: 0, ZY: 0, Elott: 0, SEA: 0 });

/** The fair odds of a bet type (thousandths, rounded down): the odds at which it returns exactly the stake. */
export function fairOdds(expectedHits: Fraction): number {
  return Number((BigInt(oddsScale) * expectedHits.d) / expectedHits.n);
}

/** Whether odds alone pay more than the stake on average. */
export function oddsAboveFair(expectedHits: Fraction, odds: number): boolean {
  return BigInt(odds) * expectedHits.n > BigInt(oddsScale) * expectedHits.d;
}

/**
 * Whether odds and rebate together return more than the stake on average: odds × E[hits] + rebate > 1. A rebate is
 * paid on every settled bet, won or lost, so it adds to the return of every bet type at its full rate.
 */
export function returnAboveFair(expectedHits: Fraction, odds: number, rebateRate: number): boolean {
  const scale = BigInt(oddsScale) * BigInt(rebateScale);
  const back =
    BigInt(odds) * expectedHits.n * BigInt(rebateScale) +
    BigInt(rebateRate) * BigInt(oddsScale) * expectedHits.d;
  return back > scale * expectedHits.d;
}

/** A game's defaults: fast games on sale, operator (daily) games off until a merchant turns them on. */
function defaults(game: Game): MerchantGame {
  const on = game.resultSource !== 'operator';
  return {
    game,
    enabled: on,
    onSale: on,
    rebates: zeroRebates(),
    betTypes: game.betTypes.map((type) => ({
      type,
      odds: { ...type.odds },
      stake: { ...type.stake },
      liabilityCap: null,
    })),
  };
}

/** The merchant's games (or one), each with its settings over the game's defaults. */
export async function merchantGames(
  executor: Database,
  merchantId: number,
  gameCode?: string,
): Promise<MerchantGame[]> {
  const repository = officeRepository();
  const games = gameCode ? [gameByCode(gameCode)].filter((g): g is Game => g !== undefined) : lotteryGames;
  const [gameRows, typeRows] = await Promise.all([
    repository.gameSettings(executor, merchantId, gameCode),
    repository.betTypeSettings(executor, merchantId, gameCode),
  ]);
  return games.map((game) => {
    const merchant = defaults(game);
    const row = gameRows.find((r) => r.game_code === game.code);
    if (row) {
      merchant.enabled = row.enabled;
      merchant.onSale = row.on_sale;
      const rebates = jsonMap(row.rebates);
      for (const mode of prizeModes) merchant.rebates[mode] = rebates[mode] ?? 0;
    }
    for (const entry of merchant.betTypes) {
      const settings = typeRows.find((r) => r.game_code === game.code && r.bet_type === entry.type.code);
      if (!settings) continue;
      const odds = jsonMap(settings.odds);
      for (const mode of prizeModes) if (odds[mode] !== undefined) entry.odds[mode] = odds[mode];
      if (settings.stake_min !== null) entry.stake.min = Number(settings.stake_min);
      if (settings.stake_max !== null) entry.stake.max = Number(settings.stake_max);
      entry.liabilityCap = settings.liability_cap === null ? null : Number(settings.liability_cap);
    }
    return merchant;
  });
}

export async function merchantGame(executor: Database, merchantId: number, gameCode: string) {
  return (await merchantGames(executor, merchantId, gameCode))[0];
}
