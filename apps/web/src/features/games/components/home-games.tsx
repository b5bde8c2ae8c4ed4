import '../games.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hotGamesQuery, jackpotQuery, popularQuery, rankListQuery } from '../api/games-api.ts';
import { useGameActions } from '../hooks/use-game-actions.ts';
import type { GamesSite } from '../lib/site.ts';
import { formatMoney } from '../lib/start-game.ts';
import { GameGrid } from './game-grid.tsx';
import { GamePopup } from './game-popup.tsx';

/** The jackpot counter's rise: 165.11 every 3 seconds (spec §9). */
export const JACKPOT_STEP_UNITS = 165.11;
export const JACKPOT_STEP_MS = 3_000;
/** Winner board scroll step, pixels per frame (spec §9). */
const WINNER_STEP = 0.5;

function reducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The value the counter shows: it starts a little under the pool (how far depends on the current time), rises by
 * the step every 3 s, and never shows more than the pool holds; an award (the pool falling) brings it down at once.
 */
export function nextJackpotValue(shown: number | null, pool: number, stepMinor: number, now: number): number {
  if (shown === null) {
    const steps = Math.floor(now / JACKPOT_STEP_MS) % 20;
    return Math.max(0, pool - steps * stepMinor);
  }
  if (shown > pool) return pool;
  return Math.min(pool, shown + stepMinor);
}

function JackpotTicker({ site }: { site: GamesSite }) {
  const { t } = useTranslation();
  const jackpot = useQuery(jackpotQuery());
  const pool = jackpot.data?.amount;
  const stepMinor = Math.round(JACKPOT_STEP_UNITS * 10 ** site.currency.exponent);
  const [target, setTarget] = useState<number | null>(null);
  const [shown, setShown] = useState<number | null>(null);

  // The target follows the pool: at once when it changes, then a step every 3 s up to it.
  useEffect(() => {
    if (pool === undefined) return;
    setTarget((current) => nextJackpotValue(current, pool, 0, Date.now()));
    const timer = window.setInterval(
      () => setTarget((current) => nextJackpotValue(current, pool, stepMinor, Date.now())),
      JACKPOT_STEP_MS,
    );
    return () => window.clearInterval(timer);
  }, [pool, stepMinor]);

  // The number glides to the target in under a second (or jumps, for reduced motion).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target starts a glide from where the number is
  useEffect(() => {
    if (target === null) return;
    if (shown === null || reducedMotion()) {
      setShown(target);
      return;
    }
    const from = shown;
    const started = performance.now();
    let frame = 0;
    const tick = (time: number) => {
      const progress = Math.min(1, (time - started) / 900);
      setShown(Math.round(from + (target - from) * progress));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target]);

  if (pool === undefined || shown === null) return null;
  return (
    <section className="jackpot-ticker" aria-labelledby="jackpot-label">
      <h2 id="jackpot-label" className="jackpot-ticker__label">
        {t('games.jackpot')}
      </h2>
      <output
        className="jackpot-ticker__amount"
        aria-live="off"
        data-testid="jackpot-amount"
        data-pool={pool}
      >
        {formatMoney(shown, site.currency)}
      </output>
    </section>
  );
}

function WinnerBoard({ site }: { site: GamesSite }) {
  const { t } = useTranslation();
  const board = useQuery(rankListQuery());
  const list = useRef<HTMLUListElement>(null);
  const [paused, setPaused] = useState(false);
  const rows = board.data?.list ?? [];

  useEffect(() => {
    const node = list.current;
    if (!node || rows.length < 5 || paused || reducedMotion()) return;
    let offset = 0;
    let frame = requestAnimationFrame(function step() {
      const half = node.scrollHeight / 2;
      offset = (offset + WINNER_STEP) % Math.max(half, 1);
      node.style.transform = `translateY(${-offset}px)`;
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [rows.length, paused]);

  if (rows.length === 0) return null;
  // The list runs twice so that the scroll loops without a gap; the copy is hidden from screen readers.
  const looped = rows.length >= 5 ? [...rows, ...rows] : rows;
  return (
    <section className="winner-board" aria-labelledby="winner-board-title">
      <h2 id="winner-board-title" className="section-title">
        {t('games.winners')}
      </h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pausing on hover is a convenience, not a control */}
      <div
        className="winner-board__viewport"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
      >
        <ul ref={list} className="winner-board__list" aria-label={t('games.winners')}>
          {looped.map((row, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: rows repeat in the loop and have no id
              key={index}
              className="winner-board__row"
              aria-hidden={index >= rows.length ? true : undefined}
            >
              <span>{row.vo.player}</span>
              <span>{row.vo.gameName}</span>
              <span className="winner-board__prize">{formatMoney(row.vo.prize, site.currency)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The home page's games: the jackpot ticker, popular (20) and hot games, and the winner board. */
export function HomeGames({ site }: { site: GamesSite }) {
  const { t } = useTranslation();
  const actions = useGameActions();
  const popular = useQuery(popularQuery());
  const hot = useQuery(hotGamesQuery(undefined));
  return (
    <div className="home-games">
      <JackpotTicker site={site} />
      {popular.data && popular.data.length > 0 ? (
        <section className="game-strip" aria-labelledby="home-popular">
          <h2 id="home-popular" className="section-title">
            {t('games.popular')}
          </h2>
          <GameGrid games={popular.data} site={site} actions={actions} label={t('games.popular')} />
        </section>
      ) : null}
      {hot.data && hot.data.length > 0 ? (
        <section className="game-strip" aria-labelledby="home-hot">
          <h2 id="home-hot" className="section-title">
            {t('games.hotGames')}
          </h2>
          <GameGrid games={hot.data.slice(0, 12)} site={site} actions={actions} label={t('games.hotGames')} />
        </section>
      ) : null}
      <WinnerBoard site={site} />
      {actions.popup ? (
        <GamePopup
          vassalage={actions.popup}
          gameType={hot.data?.find((g) => g.vassalage === actions.popup)?.gameType ?? 'LIVE'}
          title={actions.popup.replace(/_/g, ' ')}
          site={site}
          actions={actions}
        />
      ) : null}
    </div>
  );
}
