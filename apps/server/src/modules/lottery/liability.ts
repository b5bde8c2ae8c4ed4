// The liability cap per number and draw (docs/decisions/042-lottery-office.md): every accepted bet adds, per line,
// stake × odds × the most hits a line can have to its number's exposure in the draw, in the bet's own transaction.
// The exposure row's lock orders concurrent bets on the same number, so the check after the update sees every bet
// committed before it; a bet that would take a number over the cap is refused (its transaction rolls back, stake
// and all) with the room left.
import { formatAmount } from '@tala/contracts/money-format';
import { type BetType, formatNumber, linePayout, oddsScale } from '@tala/lottery/game';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { officeRepository } from './office.repository.ts';

/** How a line is named in the exposure: its numbers in the bet type's digits, "07" or "07-45-81". */
export function lineNumber(type: Pick<BetType, 'numbers'>, line: readonly number[]) {
  return line.map((n) => formatNumber(n, type.numbers.digits)).join('-');
}

export async function reserveLiability(
  trx: Database,
  bet: {
    drawId: number;
    type: Pick<BetType, 'code' | 'numbers' | 'maxHits'>;
    lines: readonly (readonly number[])[];
    stakePerLine: number;
    odds: number;
    cap: number | null;
    currency: { exponent: number; displayDecimals: number };
  },
) {
  const liability = linePayout(bet.stakePerLine, bet.odds, bet.type.maxHits);
  const after = await officeRepository().addExposure(
    trx,
    bet.drawId,
    bet.type.code,
    bet.lines.map((line) => ({ number: lineNumber(bet.type, line), stake: bet.stakePerLine, liability })),
  );
  if (bet.cap === null) return;
  const over = after.find((row) => row.liability > bet.cap!);
  if (!over) return;
  const room = Math.max(0, bet.cap - (over.liability - liability));
  // The largest stake per line that still fits: room ÷ (odds × most hits), rounded down.
  const maxStake = Number(
    (BigInt(room) * BigInt(oddsScale)) / (BigInt(bet.odds) * BigInt(Math.max(1, bet.type.maxHits))),
  );
  throw new AppError(
    'lottery_liability_exceeded',
    'stakePerLine',
    {
      number: over.number,
      room: formatAmount(room, bet.currency),
      maxStake: formatAmount(maxStake, bet.currency),
    },
    { number: over.number, room, maxStakePerLine: maxStake },
  );
}
