import type { PvpHandOutcome, PvpHistoryHand, PvpTableState } from '@tala/contracts/pvp';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Toolbar } from '../../app/toolbar.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { money, newRequestId, rememberCurrency } from '../../lib/format.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { sessionToken } from '../../lib/session.ts';
import { useServerNow } from '../live/use-table.ts';
import { Dialog } from '../slot/dialog.tsx';
import { PvpFairPanel } from './fair-panel.tsx';
import { browserDeviceId, firstFreeSeat, percentOf, secondsLeft } from './logic.ts';
import { partsFor } from './parts.ts';
import { pvpApi } from './pvp-api.ts';
import { HistoryList, ResultPanel } from './result-panel.tsx';
import { SeatsOval } from './seats.tsx';
import { SitPanel } from './sit-panel.tsx';
import { usePvpTable } from './use-pvp-table.ts';
import './pvp.css';

export function PvpPage() {
  const { code = '' } = useParams();
  return <PvpTablePage key={code} code={code} />;
}

/** A state-shaped answer of a sit, leave or move (the server may answer the new state, or anything else). */
function asState(value: unknown): PvpTableState | null {
  const v = value as Partial<PvpTableState> | null;
  return v && typeof v === 'object' && v.table && Array.isArray(v.seats) ? (v as PvpTableState) : null;
}

function PvpTablePage({ code }: { code: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const token = sessionToken();
  const { state, offset, error: loadError, reconnecting, reload, adopt } = usePvpTable(code, language);
  const now = useServerNow(offset);
  const [symbol, setSymbol] = useState('P');
  const [balance, setBalance] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sitSeat, setSitSeat] = useState<number | null>(null);
  const [sitError, setSitError] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [history, setHistory] = useState<PvpHistoryHand[]>();
  /** The last finished hand's result: it stays on screen while the next hand is dealt and played. */
  const [lastResult, setLastResult] = useState<{ handNo: number; outcome: PvpHandOutcome } | null>(null);

  const describe = useCallback(
    (e: unknown) => {
      if (e instanceof ApiError) return e.code === 'network' ? t('errorNetwork') : e.message;
      return t('errorGeneric');
    },
    [t],
  );

  const refreshBalance = useCallback(async () => {
    if (!token) return;
    try {
      const m = await api.balance();
      rememberCurrency(m);
      setSymbol(m.currencySymbol);
      setBalance(m.amount);
    } catch {
      // The balance is a help for the buy-in; the server checks it anyway.
    }
  }, [token]);
  useEffect(() => {
    void refreshBalance();
  }, [refreshBalance]);

  const table = state?.table;
  const hand = state?.hand ?? null;
  const parts = table ? partsFor(table.game) : null;
  const view = hand && parts?.isView(hand.view) ? hand.view : null;
  const mySeat = state?.mySeat ?? null;
  const myTurn = mySeat !== null && hand !== null && hand.toAct === mySeat && !hand.outcome;
  const handSeats = useMemo(
    () =>
      hand?.outcome
        ? hand.outcome.seats.map((s) => s.seat)
        : (state?.seats ?? []).filter((s) => s.inHand).map((s) => s.seat),
    [hand, state?.seats],
  );

  // A finished hand changes stacks: the member's balance after leaving, and the history, follow.
  const handNo = hand?.handNo ?? 0;
  const handOver = Boolean(hand?.outcome);
  useEffect(() => {
    if (handOver) void refreshBalance();
  }, [handOver, refreshBalance]);
  const outcome = hand?.outcome ?? null;
  useEffect(() => {
    if (outcome) setLastResult((last) => (last && last.handNo > handNo ? last : { handNo, outcome }));
  }, [handNo, outcome]);

  const send = useCallback(
    async (move: unknown) => {
      if (!hand || busy) return;
      setBusy(true);
      setError(null);
      try {
        const answer = await pvpApi.move(code, { handNo: hand.handNo, seq: hand.seq, move });
        const next = asState(answer);
        if (next) adopt(next);
      } catch (e) {
        // Out of turn, illegal, stale: the server's own words, and the table as it is now.
        setError(describe(e));
      } finally {
        setBusy(false);
        void reload();
      }
    },
    [hand, busy, code, adopt, describe, reload],
  );

  async function sit(buyIn: number) {
    if (sitSeat === null) return;
    setBusy(true);
    setSitError(null);
    try {
      const answer = await pvpApi.sit(code, {
        seat: sitSeat,
        buyIn,
        deviceId: browserDeviceId(),
        requestId: newRequestId().slice(0, 24),
      });
      const next = asState(answer);
      if (next) adopt(next);
      setSitSeat(null);
      void refreshBalance();
    } catch (e) {
      setSitError(describe(e));
    } finally {
      setBusy(false);
      void reload();
    }
  }

  async function leave() {
    setBusy(true);
    setError(null);
    try {
      const answer = await pvpApi.leave(code);
      const next = asState(answer);
      if (next) adopt(next);
      void refreshBalance();
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
      void reload();
    }
  }

  async function openHistory() {
    setHistoryOpen(true);
    setHistory(undefined);
    try {
      setHistory(await pvpApi.hands(code));
    } catch (e) {
      setHistory([]);
      setError(describe(e));
    }
  }

  if (loadError && !state) {
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
  if (!state || !table) {
    return (
      <main className="page page--center">
        <p role="status">{t('loading')}</p>
      </main>
    );
  }

  const me = state.seats.find((s) => s.mine) ?? null;
  const free = firstFreeSeat(table, state.seats);
  const canSit = Boolean(token) && me === null && !table.maintenance;
  const toAct = hand && !hand.outcome ? hand.toAct : null;
  const toActSeat = state.seats.find((s) => s.seat === toAct);
  const left = toAct !== null && hand ? secondsLeft(hand.deadline, now) : 0;

  return (
    <main className={`pvp pvp--${table.game.toLowerCase()}`}>
      <header className="pvp__header">
        <div>
          <h1>{table.name}</h1>
          <p className="pvp__terms" data-testid="table-terms">
            {t(`pvpGame_${table.game}`)} ·{' '}
            {t(table.game === 'HOLDEM' ? 'pvpBlinds' : 'pvpPointValue', {
              amount: money(table.stake, symbol),
              small: money(Math.floor(table.stake / 2), symbol),
            })}{' '}
            · {t('pvpRakeShort', { percent: percentOf(table.rakeBps), cap: money(table.rakeCap, symbol) })}
          </p>
        </div>
        <nav className="pvp__nav" aria-label={table.name}>
          {token ? (
            <button type="button" onClick={() => void openHistory()}>
              {t('pvpHistory')}
            </button>
          ) : null}
          {me ? (
            <button type="button" onClick={() => void leave()} disabled={busy || me.leaving}>
              {me.leaving ? t('pvpLeavingAfterHand') : t('pvpLeave')}
            </button>
          ) : canSit && free !== null ? (
            <button type="button" className="pvp-action--main" onClick={() => setSitSeat(free)}>
              {t('pvpSitDown')}
            </button>
          ) : null}
        </nav>
        <Toolbar />
      </header>

      <section className="pvp__status" aria-live="polite">
        {table.maintenance ? (
          <p role="status">{t('tableMaintenance')}</p>
        ) : !hand ? (
          <p role="status">{t('pvpWaitingPlayers')}</p>
        ) : (
          <>
            <span data-testid="hand-no">{t('pvpHandNumber', { n: hand.handNo })}</span>
            <strong data-testid="pvp-phase">
              {hand.outcome
                ? t('pvpHandOver')
                : myTurn
                  ? t('pvpYourTurn', { count: left })
                  : toActSeat
                    ? t('pvpTheirTurn', { name: toActSeat.name, count: left })
                    : ''}
            </strong>
          </>
        )}
        {reconnecting ? <span className="pvp__reconnecting">{t('reconnecting')}</span> : null}
        {!token ? <span>{t('pvpLoginToSit')}</span> : null}
      </section>

      {error ? (
        <p className="pvp-error" role="alert" data-testid="pvp-error">
          {error}
        </p>
      ) : null}

      <div className="pvp__layout">
        <div className="pvp__main">
          <SeatsOval
            table={table}
            seats={state.seats}
            mySeat={mySeat}
            view={hand?.view}
            parts={parts}
            toAct={toAct}
            deadline={hand?.deadline ?? null}
            serverNow={now}
            outcome={hand?.outcome ?? null}
            symbol={symbol}
            canSit={canSit}
            onSit={setSitSeat}
          >
            {view && parts ? <parts.Felt view={view} symbol={symbol} /> : null}
          </SeatsOval>
          {view && parts && mySeat !== null ? (
            <parts.Controls
              key={handNo}
              view={view}
              table={table}
              mySeat={mySeat}
              myTurn={myTurn}
              busy={busy}
              symbol={symbol}
              send={(move: unknown) => void send(move)}
            />
          ) : null}
          {lastResult ? (
            <ResultPanel
              handNo={lastResult.handNo}
              outcome={lastResult.outcome}
              seats={state.seats}
              symbol={symbol}
            />
          ) : null}
        </div>
        <aside className="pvp__side">
          {hand ? <PvpFairPanel tableCode={table.code} hand={hand} seats={handSeats} parts={parts} /> : null}
        </aside>
      </div>

      <Dialog open={sitSeat !== null} title={t('pvpSitDown')} onClose={() => setSitSeat(null)}>
        {sitSeat !== null ? (
          <SitPanel
            table={table}
            seat={sitSeat}
            balance={balance}
            symbol={symbol}
            busy={busy}
            error={sitError}
            onSit={(buyIn) => void sit(buyIn)}
            onCancel={() => setSitSeat(null)}
          />
        ) : null}
      </Dialog>
      <Dialog open={historyOpen} title={t('pvpHistory')} onClose={() => setHistoryOpen(false)}>
        <HistoryList hands={history} symbol={symbol} parts={parts} />
      </Dialog>
    </main>
  );
}
