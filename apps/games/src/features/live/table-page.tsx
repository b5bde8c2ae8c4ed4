import type { LiveRound, LiveTable } from '@tala/contracts/live';
import { verifyRound } from '@tala/live/verify';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Toolbar } from '../../app/toolbar.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { money, newRequestId, rememberCurrency } from '../../lib/format.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { sessionToken } from '../../lib/session.ts';
import { Dialog } from '../slot/dialog.tsx';
import { BetBoard } from './bet-board.tsx';
import { FairPanel } from './fair-panel.tsx';
import { gameParts } from './game-parts.tsx';
import { liveApi, type RecallRound } from './live-api.ts';
import {
  addChip,
  type Chips,
  chipTotal,
  chipValues,
  engineGames,
  isResultOf,
  mergeChips,
  placementKey,
  roundPhase,
  secondsLeft,
  spotWins,
} from './logic.ts';
import { RecallList } from './recall-list.tsx';
import { useServerNow, useTable } from './use-table.ts';
import './live.css';

const phaseTexts = {
  betting: 'placeYourBets',
  closed: 'noMoreBets',
  result: 'result',
  void: 'roundVoid',
} as const;

export function TablePage() {
  const { code = '' } = useParams();
  return <Table key={code} code={code} />;
}

/** The spots that won this round, among those the member sees (every spot with a stake, and the board's own). */
function winningSpots(
  game: LiveTable['game'],
  round: LiveRound | null,
  spots: Iterable<string>,
): Set<string> {
  const won = new Set<string>();
  if (!round) return won;
  for (const spot of spots) if (spotWins(game, round.result, spot)) won.add(spot);
  return won;
}

/** The spots a game's board shows beyond the table's kinds (sic bo's and roulette's numbered ones), to light. */
function boardSpots(game: LiveTable['game']): string[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (game === 'sicbo')
    return [
      ...range(4, 17).map((n) => `total-${n}`),
      ...range(1, 6).flatMap((n) => [`single-${n}`, `double-${n}`, `triple-${n}`]),
      ...range(1, 6).flatMap((a) => range(a + 1, 6).map((b) => `combination-${a}-${b}`)),
    ];
  if (game === 'roulette')
    return [
      ...range(0, 36).map((n) => `straight-${n}`),
      ...range(1, 3).flatMap((n) => [`dozen-${n}`, `column-${n}`]),
    ];
  return [];
}

function Table({ code }: { code: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const token = sessionToken();
  const { table, round, history, offset, error: loadError, reconnecting, reload } = useTable(code, language);
  const now = useServerNow(offset);

  const [symbol, setSymbol] = useState('P');
  const [balance, setBalance] = useState<number>();
  const [recall, setRecall] = useState<RecallRound[]>();
  const [chip, setChip] = useState<number>(chipValues[0] ?? 0);
  const [pending, setPending] = useState<Chips>({});
  const [placed, setPlaced] = useState<{ roundNo: number; chips: Chips }>({ roundNo: -1, chips: {} });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(0);
  const [roundWin, setRoundWin] = useState<{ roundNo: number; stake: number; returned: number } | null>(null);
  const [recallOpen, setRecallOpen] = useState(false);
  /** The placement last sent and not answered by the server: a retry of it keeps its request id. */
  const unanswered = useRef<{ key: string; requestId: string } | null>(null);

  const describe = useCallback(
    (e: unknown) => {
      if (e instanceof ApiError) return e.code === 'network' ? t('errorNetwork') : e.message;
      return t('errorGeneric');
    },
    [t],
  );

  const refreshMember = useCallback(async () => {
    if (!token) return;
    try {
      const [m, r] = await Promise.all([api.balance(), liveApi.recall(code)]);
      rememberCurrency(m);
      setSymbol(m.currencySymbol);
      setBalance(m.amount);
      setRecall(r);
      return r;
    } catch (e) {
      setError(describe(e));
    }
  }, [token, code, describe]);

  useEffect(() => {
    void refreshMember();
  }, [refreshMember]);

  // The smallest chip the table takes on its own is chosen first.
  useEffect(() => {
    if (table) setChip(table.chips.find((v) => v >= table.minBet) ?? table.chips[0] ?? chipValues[0] ?? 0);
  }, [table]);

  const roundNo = round?.roundNo ?? -1;
  const phase = round ? roundPhase(round, now) : null;
  const game = table?.game ?? 'baccarat';
  const parts = gameParts(game);
  const result = round && isResultOf(game, round.result) ? round.result : null;
  const steps = result ? parts.steps(result) : 0;
  const dealt = result !== null && revealed >= steps;

  // A new round: the chips of the last one go.
  useEffect(() => {
    if (roundNo < 0) return;
    setPending({});
    setRevealed(0);
    unanswered.current = null;
  }, [roundNo]);

  // What this member already placed on the round now (a reload mid-round) comes from the recall.
  useEffect(() => {
    if (roundNo < 0 || !recall) return;
    setPlaced((p) => {
      if (p.roundNo === roundNo) return p;
      const mine = recall.find((r) => r.round.roundNo === roundNo);
      const chips = mine ? mine.bets.reduce((all, b) => mergeChips(all, b.spots), {} as Chips) : {};
      return { roundNo, chips };
    });
  }, [roundNo, recall]);

  // The deal step by step (cards turned, dice landing, the ball settling), then the member's balance and return.
  useEffect(() => {
    if (!result) return;
    if (revealed < steps) {
      const timer = window.setTimeout(
        () => setRevealed((n) => n + 1),
        revealed === 0 ? parts.firstStepMs : parts.stepMs,
      );
      return () => window.clearTimeout(timer);
    }
    void refreshMember().then((list) => {
      const mine = list?.find((r) => r.round.roundNo === roundNo);
      if (!mine) return;
      const stake = mine.bets.reduce((sum, b) => sum + b.stake, 0);
      const returned = mine.bets.reduce((sum, b) => sum + b.returned, 0);
      setRoundWin({ roundNo, stake, returned });
    });
  }, [result, revealed, steps, parts, roundNo, refreshMember]);

  const verification = useMemo(() => {
    if (!round?.serverSeed || !result) return null;
    try {
      const v = verifyRound(engineGames[game], { ...round, serverSeed: round.serverSeed, result });
      return v.seedMatches && v.resultMatches;
    } catch {
      return false;
    }
  }, [round, result, game]);

  async function place() {
    if (!round || busy) return;
    const spots = pending;
    const key = placementKey(round.roundNo, spots);
    const requestId =
      unanswered.current?.key === key ? unanswered.current.requestId : newRequestId().slice(0, 24);
    unanswered.current = { key, requestId };
    setBusy(true);
    setError(null);
    try {
      const answer = await liveApi.place({ tableCode: code, roundNo: round.roundNo, requestId, spots });
      unanswered.current = null;
      setBalance(answer.balance);
      setPlaced((p) => ({
        roundNo: round.roundNo,
        chips: mergeChips(
          p.roundNo === round.roundNo ? p.chips : {},
          answer.replayed ? {} : answer.bet.spots,
        ),
      }));
      setPending({});
    } catch (e) {
      // Only a request the server never answered may be the same placement again; a refusal is final.
      if (!(e instanceof ApiError && e.code === 'network')) unanswered.current = null;
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  }

  if (loadError && !table) {
    return (
      <main className="page page--center">
        <p role="alert">
          {loadError instanceof ApiError && loadError.code !== 'network'
            ? loadError.message
            : t('errorNetwork')}
        </p>
        <button type="button" onClick={() => void reload()}>
          {t('retry')}
        </button>
        <Link to="/">{t('backToGames')}</Link>
      </main>
    );
  }
  if (!table) {
    return (
      <main className="page page--center">
        <p role="status">{t('loading')}</p>
      </main>
    );
  }

  const canBet = Boolean(token) && phase === 'betting' && !table.maintenance;
  const placedChips = placed.roundNo === roundNo ? placed.chips : {};
  const winners = dealt
    ? winningSpots(game, round, [
        ...table.spots.map((s) => s.code),
        ...boardSpots(game),
        ...Object.keys(placedChips),
      ])
    : new Set<string>();
  const left = round ? secondsLeft(round.closesAt, now) : 0;

  return (
    <main className="live">
      <header className="live__header">
        <div>
          <h1>{table.name}</h1>
          <p className="live__limits">
            {t('limits', { min: money(table.minBet, symbol), max: money(table.maxBet, symbol) })}
          </p>
        </div>
        <nav className="slot__panels" aria-label={table.name}>
          {token ? (
            <button type="button" onClick={() => setRecallOpen(true)}>
              {t('recall')}
            </button>
          ) : null}
        </nav>
        <Toolbar />
      </header>

      <section className="live__status" aria-live="polite">
        {table.maintenance ? (
          <p role="status">{t('tableMaintenance')}</p>
        ) : !round ? (
          <p role="status">{t('noRound')}</p>
        ) : (
          <>
            <span className="live__round" data-testid="round-no">
              {t('roundNumber', { n: round.roundNo })}
            </span>
            <strong className={`live__phase live__phase--${phase}`} data-testid="phase">
              {t(phaseTexts[phase ?? 'closed'])}
            </strong>
            {phase === 'betting' ? (
              <span className="live__countdown" data-testid="countdown" role="timer">
                {t('secondsLeft', { count: left })}
              </span>
            ) : null}
          </>
        )}
        {reconnecting ? <span className="live__reconnecting">{t('reconnecting')}</span> : null}
      </section>

      <div className="live__layout">
        <div className="live__main">
          <parts.Deal result={result} revealed={revealed} />
          {dealt && roundWin?.roundNo === roundNo ? (
            <p className="live__win" role="status" data-testid="round-win">
              {roundWin.returned > 0
                ? t('roundReturned', { amount: money(roundWin.returned, symbol) })
                : t('noWinRound')}
            </p>
          ) : null}
          {error ? (
            <p className="slot__error" role="alert">
              {error}
            </p>
          ) : null}
          <BetBoard
            symbol={symbol}
            chips={table.chips}
            canBet={canBet}
            controls={Boolean(token)}
            pending={pending}
            chip={chip}
            busy={busy}
            onChip={setChip}
            onClear={() => setPending({})}
            onPlace={() => void place()}
          >
            <parts.Board
              table={table}
              symbol={symbol}
              placed={placedChips}
              pending={pending}
              enabled={canBet && !busy}
              winners={winners}
              onSpot={(spot) => setPending((p) => addChip(p, spot, chip))}
            />
          </BetBoard>
          {token ? (
            <div className="live__meters">
              <div className="meter">
                <span className="meter__label" id="balance-label">
                  {t('balance')}
                </span>
                <output aria-labelledby="balance-label" data-testid="balance">
                  {balance === undefined ? '…' : money(balance, symbol)}
                </output>
              </div>
              <div className="meter">
                <span className="meter__label" id="placed-label">
                  {t('placedThisRound')}
                </span>
                <output aria-labelledby="placed-label" data-testid="placed-total">
                  {money(chipTotal(placedChips), symbol)}
                </output>
              </div>
            </div>
          ) : (
            <p className="live__login" data-testid="login-to-bet">
              {t('loginToBet')}
            </p>
          )}
        </div>
        <aside className="live__side">
          <parts.History history={history} />
          {round ? <FairPanel round={round} verified={verification} /> : null}
        </aside>
      </div>

      <Dialog open={recallOpen} title={t('recall')} onClose={() => setRecallOpen(false)}>
        <RecallList game={game} rounds={recall} symbol={symbol} />
      </Dialog>
    </main>
  );
}
