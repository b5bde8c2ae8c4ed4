import type { LiveGame } from '@tala/contracts/live';
import type { ReactElement } from 'react';
import { Deal } from './deal.tsx';
import { DragonTigerDeal, DragonTigerHistory, describeDragonTiger } from './dragon-tiger.tsx';
import {
  dealOrder,
  isBaccaratResult,
  isDragonTigerResult,
  isResultOf,
  isRouletteResult,
  isSicBoResult,
} from './logic.ts';
import { Roads } from './roads.tsx';
import { describeRoulette, RouletteBoard, RouletteDeal, RouletteHistory } from './roulette.tsx';
import { describeSicBo, SicBoBoard, SicBoDeal, SicBoHistory } from './sicbo.tsx';
import { type BoardProps, ListSpots } from './spots.tsx';
import type { HistoryItem } from './use-table.ts';

type T = (key: string, values?: Record<string, unknown>) => string;

/** What differs per game on the one table page: the deal, the board of spots, the history strip, the result in words. */
export type GameParts = {
  /** How many steps the result is shown in (cards turned, dice landed, the ball settling). */
  steps(result: unknown): number;
  /** The pause before the first step, and between steps, in ms. */
  firstStepMs: number;
  stepMs: number;
  Deal(props: { result: unknown; revealed: number }): ReactElement;
  Board(props: BoardProps): ReactElement;
  History(props: { history: HistoryItem[] }): ReactElement;
  /** The result in a few words (the recall's column). */
  describe(t: T, result: unknown): string;
};

const baccarat: GameParts = {
  steps: (result) => (isBaccaratResult(result) ? dealOrder(result).length : 0),
  firstStepMs: 300,
  stepMs: 650,
  Deal: ({ result, revealed }) => (
    <Deal result={isBaccaratResult(result) ? result : null} revealed={revealed} />
  ),
  Board: ListSpots,
  History: ({ history }) => (
    <Roads
      winners={history
        .map((h) => h.result)
        .filter(isBaccaratResult)
        .map((r) => r.winner)}
    />
  ),
  describe: (t, r) =>
    isBaccaratResult(r) ? `${t(`winner_${r.winner}`)} ${r.playerTotal}–${r.bankerTotal}` : '',
};

const dragonTiger: GameParts = {
  steps: () => 2,
  firstStepMs: 300,
  stepMs: 900,
  Deal: DragonTigerDeal,
  Board: ListSpots,
  History: DragonTigerHistory,
  describe: (t, r) => (isDragonTigerResult(r) ? describeDragonTiger(t, r) : ''),
};

const sicbo: GameParts = {
  steps: () => 3,
  firstStepMs: 1200,
  stepMs: 450,
  Deal: SicBoDeal,
  Board: SicBoBoard,
  History: SicBoHistory,
  describe: (t, r) => (isSicBoResult(r) ? describeSicBo(t, r) : ''),
};

const roulette: GameParts = {
  steps: () => 1,
  firstStepMs: 2200,
  stepMs: 0,
  Deal: RouletteDeal,
  Board: RouletteBoard,
  History: RouletteHistory,
  describe: (t, r) => (isRouletteResult(r) ? describeRoulette(t, r) : ''),
};

const parts: Record<LiveGame, GameParts> = { baccarat, dragon_tiger: dragonTiger, sicbo, roulette };

/** The parts of a table's game; a result of another shape is treated as none. */
export function gameParts(game: LiveGame): GameParts {
  return parts[game];
}

export { isResultOf };
