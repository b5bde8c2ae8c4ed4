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
  return drawViewAt(row, new Date());
}

/** The same, as seen at `now` (CHAIN withholds some values until an instant). */
export function drawViewAt(row: DrawRow, now: Date): LotteryDraw {
  const result = parsedResult(row.result);
  const game = gameByCode(row.game_code);
  // CHAIN (decision 041): a draw's commitment is the seed of the issue before it, so it is shown only from its own
  // sale's opening, when that issue's sale has closed; until then the chain's published terminal commits to it.
  const withheld = game?.seeds === 'hashChain' && row.status === 'open' && now < row.sale_opens_at;
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
    serverSeedHash: withheld || operator ? '' : row.server_seed_hash,
    // A cancelled CHAIN draw's seed hashes back to every earlier issue's, so it waits for its draw instant too.
    serverSeed:
      row.status === 'open' || operator || (game?.seeds === 'hashChain' && now < row.draw_at)
        ? null
        : row.server_seed,
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
    chaseId: row.chase_id ?? null,
  };
}
