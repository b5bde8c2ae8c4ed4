import type { Fairness, RoundView, SlotTitle } from '@tala/contracts/slots';
import type { CompiledTitle, RoundOutcome, SpinOutcome } from '@tala/slots/engine';
import { paylines } from '@tala/slots/paylines';
import { titleByCode } from '@tala/slots/titles';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Toolbar } from '../../app/toolbar.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { money, newRequestId, rememberCurrency } from '../../lib/format.ts';
import { titleLanguage, useTranslation } from '../../lib/i18n.ts';
import { sessionToken } from '../../lib/session.ts';
import { demoBackend, realBackend, type SlotBackend } from './backend.ts';
import { Dialog } from './dialog.tsx';
import { FairnessPanel } from './fairness-panel.tsx';
import { InfoPanel } from './info-panel.tsx';
import { RecallPanel } from './recall-panel.tsx';
import { type ReelState, Reels } from './reels.tsx';

/** Every spin, paid or free, shows its reels turning for at least this long (no turbo, no autoplay). */
export const minimumSpinMs = 2500;
const firstLandingMs = 1700;
const landingStepMs = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function randomStops(title: CompiledTitle) {
  return title.base.strips.map((strip) => Math.floor(Math.random() * strip.length));
}

/** The "reel:row" cells of a spin's wins: each paying line's run, and every scatter when scatters paid. */
function winningCells(title: CompiledTitle, spin: SpinOutcome): Set<string> {
  const cells = new Set<string>();
  for (const win of spin.lineWins) {
    const rows = paylines[win.line - 1];
    if (!rows) continue;
    for (let reel = 0; reel < win.count; reel++) cells.add(`${reel}:${rows[reel]}`);
  }
  if (spin.scatterWin > 0 || spin.freeSpinsAwarded > 0) {
    const scatter = title.codes[title.scatter];
    spin.grid.forEach((column, reel) => {
      [...column].forEach((code, row) => {
        if (code === scatter) cells.add(`${reel}:${row}`);
      });
    });
  }
  return cells;
}

export function SlotPage() {
  const { code = '' } = useParams();
  const title = titleByCode(code);
  const { t } = useTranslation();
  if (!title) {
    return (
      <main className="page page--center">
        <h1>{t('notFound')}</h1>
        <Link to="/">{t('backToGames')}</Link>
      </main>
    );
  }
  return <Slot key={code} title={title} />;
}

function Slot({ title }: { title: CompiledTitle }) {
  const { t } = useTranslation();
  const language = titleLanguage();
  const [params, setParams] = useSearchParams();
  const token = sessionToken();
  const demo = params.get('mode') === 'demo' || params.get('demo') === '1';
  const config = title.config;

  const [currencySymbol, setCurrencySymbol] = useState('P');
  const backend: SlotBackend | null = useMemo(() => {
    if (demo) return demoBackend(title);
    if (!token) return null;
    return realBackend(title, currencySymbol);
  }, [demo, token, title, currencySymbol]);

  const [info, setInfo] = useState<SlotTitle>();
  const [balance, setBalance] = useState<number>();
  const [bet, setBet] = useState(config.bets[0] as number);
  const [fairness, setFairness] = useState<Fairness>();
  const [recall, setRecall] = useState<RoundView[]>();
  const [jackpot, setJackpot] = useState<number>();
  const [panel, setPanel] = useState<'info' | 'fairness' | 'recall' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reelSet, setReelSet] = useState<'base' | 'free'>('base');
  const [states, setStates] = useState<ReelState[]>(() =>
    randomStops(title).map((stop) => ({ spinning: false, stop })),
  );
  const [highlight, setHighlight] = useState<Set<string>>(new Set());
  const [messages, setMessages] = useState<string[]>([]);
  const [roundWin, setRoundWin] = useState(0);
  const [lastWin, setLastWin] = useState(0);
  const [feature, setFeature] = useState<{ current: number; total: number } | null>(null);
  const spinningRef = useRef(false);

  const describe = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) return error.code === 'network' ? t('errorNetwork') : error.message;
      return t('errorGeneric');
    },
    [t],
  );

  const refresh = useCallback(async () => {
    if (!backend) return;
    try {
      const [b, f, r] = await Promise.all([backend.balance(), backend.fairness(), backend.recall()]);
      setBalance(b);
      setFairness(f);
      setRecall(r);
      if (backend.mode === 'real') setJackpot((await api.jackpot()).amount);
    } catch (e) {
      setError(describe(e));
    }
  }, [backend, describe]);

  useEffect(() => {
    api
      .titles()
      .then((list) => setInfo(list.find((x) => x.code === config.code)))
      .catch(() => undefined);
    if (!demo && token) {
      api
        .balance()
        .then((m) => {
          rememberCurrency(m);
          setCurrencySymbol(m.currencySymbol);
        })
        .catch(() => undefined);
    }
  }, [config.code, demo, token]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Real money plays the merchant's bets, which the server lists in its currency (decision 069: the dong's are ten
  // times the peso's figures); the demo plays the title's own, in play pesos.
  const bets = !demo && info ? info.bets : config.bets;
  useEffect(() => {
    if (!bets.includes(bet)) setBet(bets[0] as number);
  }, [bets, bet]);

  /** Lands the reels on `stops`, one after another, none before `started + firstLandingMs + r × step`. */
  async function land(stops: number[], started: number) {
    for (let reel = 0; reel < stops.length; reel++) {
      const due = started + firstLandingMs + reel * landingStepMs;
      await sleep(Math.max(due - performance.now(), reel === 0 ? 0 : 120));
      setStates((current) =>
        current.map((s, r) => (r === reel ? { spinning: false, stop: stops[reel] as number } : s)),
      );
    }
    // The spin is not over before the minimum time, whatever the network did.
    await sleep(started + minimumSpinMs - performance.now());
  }

  function spinLines(spin: SpinOutcome): string[] {
    const lines = spin.lineWins.map((w) => {
      const symbol = config.symbols.find((s) => s.code === w.symbol);
      return t('lineWin', {
        line: w.line,
        count: w.count,
        symbol: symbol?.name[language] ?? w.symbol,
        amount: money(w.amount, currencySymbol),
      });
    });
    if (spin.scatterWin > 0)
      lines.push(
        t('scatterWin', { count: spin.scatterCount, amount: money(spin.scatterWin, currencySymbol) }),
      );
    return lines;
  }

  async function play() {
    if (!backend || spinningRef.current) return;
    if (balance !== undefined && bet > balance) {
      setError(t('errorGeneric'));
      return;
    }
    spinningRef.current = true;
    setBusy(true);
    setError(null);
    setMessages([]);
    setHighlight(new Set());
    setRoundWin(0);
    setFeature(null);
    setReelSet('base');
    const previous = states;
    const started = performance.now();
    setStates((current) => current.map((s) => ({ ...s, spinning: true })));
    try {
      let result: { round: RoundView; balance: number };
      try {
        result = await backend.spin(bet, newRequestId());
      } catch (e) {
        await sleep(600);
        setStates(previous.map((s) => ({ ...s, spinning: false })));
        setError(describe(e));
        return;
      }
      const outcome = result.round.outcome as unknown as RoundOutcome;
      setBalance(result.balance - result.round.win);
      await land(outcome.base.stops, started);
      let won = outcome.base.win;
      setRoundWin(won);
      setHighlight(winningCells(title, outcome.base));
      const notes = spinLines(outcome.base);
      if (outcome.jackpotHit) {
        notes.unshift(
          backend.mode === 'real' && result.round.jackpotWin > 0
            ? t('jackpotWon', { amount: money(result.round.jackpotWin, currencySymbol) })
            : t('jackpotDemo'),
        );
        won += result.round.jackpotWin;
        setRoundWin(won);
      }
      if (outcome.freeSpins.length > 0) {
        notes.push(
          t('freeSpinsAwarded', {
            count: outcome.base.freeSpinsAwarded,
            multiplier: config.freeSpins.multiplier,
          }),
        );
      }
      setMessages(notes.length > 0 ? notes : [t('noWin')]);

      if (outcome.freeSpins.length > 0) {
        await sleep(1500);
        setReelSet('free');
        let total = outcome.base.freeSpinsAwarded;
        for (const [i, spin] of outcome.freeSpins.entries()) {
          setFeature({ current: i + 1, total });
          setHighlight(new Set());
          const freeStarted = performance.now();
          setStates((current) => current.map((s) => ({ ...s, spinning: true })));
          await land(spin.stops, freeStarted);
          won += spin.win;
          setRoundWin(won);
          setHighlight(winningCells(title, spin));
          const lines = spinLines(spin);
          if (spin.freeSpinsAwarded > 0) {
            total += spin.freeSpinsAwarded;
            lines.push(t('retrigger', { count: spin.freeSpinsAwarded }));
          }
          setMessages(lines.length > 0 ? lines : [t('noWin')]);
          await sleep(spin.win > 0 ? 900 : 400);
        }
        setMessages([t('roundWin', { amount: money(result.round.win, currencySymbol) })]);
      }
      setLastWin(result.round.win);
      setBalance(result.balance);
      await refresh();
    } finally {
      spinningRef.current = false;
      setBusy(false);
    }
  }

  // Space or Enter spins when no control or panel has the focus (a focused button keeps its own keys).
  const playRef = useRef(play);
  playRef.current = play;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' && event.key !== 'Enter') return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('button, a, input, select, textarea, dialog, summary')) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      if (!event.repeat) void playRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const reels = reelSet === 'free' ? title.free : title.base;
  const betIndex = bets.indexOf(bet);
  const stepBet = (step: number) => {
    const next = bets[betIndex + step];
    if (next !== undefined) setBet(next);
  };

  return (
    <main
      className={`slot${reelSet === 'free' ? ' slot--free' : ''}`}
      style={{
        ['--title-primary' as string]: config.palette.primary,
        ['--title-accent' as string]: config.palette.accent,
        ['--reel-light' as string]: config.palette.reelLight,
        ['--reel-dark' as string]: config.palette.reelDark,
      }}
    >
      <header className="slot__header">
        <h1>{config.name[language]}</h1>
        {backend?.mode === 'demo' ? (
          <span className="badge badge--demo" role="note">
            {t('demoBadge')}
          </span>
        ) : null}
        <nav className="slot__panels" aria-label={config.name[language]}>
          <button type="button" onClick={() => setPanel('info')}>
            {t('info')}
          </button>
          <button type="button" onClick={() => setPanel('fairness')} disabled={!backend}>
            {t('fairness')}
          </button>
          <button type="button" onClick={() => setPanel('recall')} disabled={!backend}>
            {t('recall')}
          </button>
        </nav>
        <Toolbar />
      </header>

      {backend?.mode === 'real' && jackpot !== undefined ? (
        <p className="slot__jackpot">
          <span>{t('jackpot')}</span>{' '}
          <strong data-testid="jackpot-pool">{money(jackpot, currencySymbol)}</strong>
        </p>
      ) : null}
      {backend?.mode === 'demo' ? <p className="slot__note">{t('demoNote')}</p> : null}

      <section className="slot__stage" aria-label={config.name[language]}>
        {feature ? (
          <p className="slot__feature" role="status">
            {t('freeSpinOf', feature)} · ×{config.freeSpins.multiplier}
          </p>
        ) : null}
        <Reels title={title} reels={reels} states={states} highlight={highlight} language={language} />
        <div className="slot__messages" aria-live="polite" data-testid="messages">
          {messages.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      </section>

      {error ? (
        <p className="slot__error" role="alert">
          {error}
        </p>
      ) : null}

      {backend ? (
        <section className="controls" aria-label={t('spin')}>
          <div className="meter">
            <span className="meter__label" id="balance-label">
              {t('balance')}
            </span>
            <output aria-labelledby="balance-label" data-testid="balance">
              {balance === undefined ? '…' : money(balance, currencySymbol)}
            </output>
          </div>
          <div className="meter bet">
            <label className="meter__label" htmlFor="bet">
              {t('bet')}
            </label>
            <div className="bet__row">
              <button
                type="button"
                onClick={() => stepBet(-1)}
                disabled={busy || betIndex <= 0}
                aria-label={t('betDown')}
              >
                −
              </button>
              <select id="bet" value={bet} onChange={(e) => setBet(Number(e.target.value))} disabled={busy}>
                {bets.map((b) => (
                  <option key={b} value={b}>
                    {money(b, currencySymbol)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                onClick={() => stepBet(1)}
                disabled={busy || betIndex >= bets.length - 1}
                aria-label={t('betUp')}
              >
                +
              </button>
            </div>
          </div>
          <button
            type="button"
            className="spin"
            onClick={() => void play()}
            disabled={busy || balance === undefined}
            aria-describedby="spin-hint"
          >
            {busy ? t('spinning') : t('spin')}
          </button>
          <div className="meter">
            <span className="meter__label" id="win-label">
              {busy || roundWin > 0 ? t('win') : t('lastWin')}
            </span>
            <output aria-labelledby="win-label" data-testid="win">
              {money(busy || roundWin > 0 ? roundWin : lastWin, currencySymbol)}
            </output>
          </div>
          <p id="spin-hint" className="controls__hint">
            {t('spinHint')}
          </p>
        </section>
      ) : (
        <section className="slot__login">
          <p>{t('loginNeeded')}</p>
          <button
            type="button"
            onClick={() => {
              const next = new URLSearchParams(params);
              next.set('mode', 'demo');
              setParams(next);
            }}
          >
            {t('playDemo')}
          </button>
        </section>
      )}

      <Dialog open={panel === 'info'} title={t('info')} onClose={() => setPanel(null)}>
        <InfoPanel title={title} info={info} />
      </Dialog>
      <Dialog open={panel === 'fairness'} title={t('fairness')} onClose={() => setPanel(null)}>
        <FairnessPanel
          key={fairness?.active.id}
          fairness={fairness}
          gameCode={config.code}
          busy={busy}
          onSetClientSeed={async (seed) => {
            if (!backend) return;
            try {
              setFairness(await backend.setClientSeed(seed));
            } catch (e) {
              setError(describe(e));
            }
          }}
          onRotate={async () => {
            if (!backend) return;
            try {
              setFairness(await backend.rotate());
              setRecall(await backend.recall());
            } catch (e) {
              setError(describe(e));
            }
          }}
        />
      </Dialog>
      <Dialog open={panel === 'recall'} title={t('recall')} onClose={() => setPanel(null)}>
        <RecallPanel rounds={recall} symbol={currencySymbol} mode={backend?.mode ?? 'real'} />
      </Dialog>
    </main>
  );
}
