import type { LotteryBet, LotteryDraw, PrizeModeCode } from '@tala/contracts/lottery';
import { gameByCode } from '@tala/lottery/games';
import type { BetWithIssue, DrawRow } from './lottery.repository.ts';

/** A stored JSON result: the driver hands jsonb back parsed (pg) or as text (some paths). */
export function parsedResult(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
}

/** A draw as players see it: the server seed only once it no longer decides anything (drawn or cancelled). */
export function drawView(row: DrawRow): LotteryDraw {
  const result = parsedResult(row.result);
  const game = gameByCode(row.game_code);
  // An operator game's seed decides nothing: no commitment is shown for it (decision 042).
  const operator = game?.resultSource === 'operator';
  return {
    drawId: row.id,
    gameCode: row.game_code,
    issueNo: row.issue_no,
    saleOpensAt: row.sale_opens_at.toISOString(),
    saleClosesAt: row.sale_closes_at.toISOString(),
    drawAt: row.draw_at.toISOString(),
    status: row.status,
    serverSeedHash: operator ? '' : row.server_seed_hash,
    serverSeed: row.status === 'open' || operator ? null : row.server_seed,
    result,
    balls: result && game?.isResult(result) ? game.balls(result) : null,
    drawnAt: row.drawn_at?.toISOString() ?? null,
    resultSource: operator ? 'operator' : 'seed',
  };
}

export function betView(row: BetWithIssue): LotteryBet {
  return {
    betId: row.id,
    gameCode: row.game_code,
    issueNo: row.issue_no,
    betType: row.bet_type,
    prizeMode: row.prize_mode as PrizeModeCode,
    picks: row.picks.map(Number),
    lines: row.lines,
    stakePerLine: row.stake_per_line,
    stake: row.stake,
    odds: row.odds,
    status: row.status,
    win: row.win,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}
