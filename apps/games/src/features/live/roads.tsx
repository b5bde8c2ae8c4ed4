import type { Winner } from '@tala/live/baccarat';
import { beadPlate, bigEyeBoy, bigRoad, cockroachPig, roadRows, smallRoad } from '@tala/live/roads';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

export type Mark = { column: number; row: number; className: string; text?: string; title: string };

const letters: Record<Winner, 'P' | 'B' | 'T'> = { player: 'P', banker: 'B', tie: 'T' };

/** One road: a grid of 6 rows, scrolled so that its newest column shows (the empty columns after it may not). */
export function Road({ name, marks, small }: { name: string; marks: Mark[]; small?: boolean }) {
  const ref = useRef<HTMLElement>(null);
  const columns = Math.max(small ? 40 : 20, ...marks.map((m) => m.column + 2));
  const newest = Math.max(-1, ...marks.map((m) => m.column));
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const cell = el.scrollWidth / columns;
    el.scrollLeft = Math.max(0, (newest + 2) * cell - el.clientWidth);
  });
  return (
    <figure className="road">
      <figcaption>{name}</figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reachable by keyboard to scroll it */}
      <section className="road__scroll" ref={ref} tabIndex={0} aria-label={name}>
        <div
          className={`road__grid${small ? ' road__grid--small' : ''}`}
          style={{ gridTemplateColumns: `repeat(${columns}, var(--road-cell))` }}
        >
          {marks.map((m) => (
            <span
              key={`${m.column}:${m.row}`}
              className={m.className}
              style={{ gridColumn: m.column + 1, gridRow: m.row + 1 }}
              title={m.title}
            >
              {m.text}
            </span>
          ))}
        </div>
      </section>
    </figure>
  );
}

/** The scoreboards of the table's results (oldest first): bead plate, big road and the three derived roads. */
export function Roads({ winners }: { winners: Winner[] }) {
  const { t } = useTranslation();
  const bead: Mark[] = beadPlate(winners).map((c) => ({
    column: c.column,
    row: c.row,
    className: `bead bead--${c.winner}`,
    text: t(`letter_${letters[c.winner]}`),
    title: t(`winner_${c.winner}`),
  }));
  const big: Mark[] = bigRoad(winners).cells.map((c) => ({
    column: c.column,
    row: c.row,
    className: `ring ring--${c.winner}`,
    text: c.ties > 0 ? String(c.ties) : '',
    title: `${t(`winner_${c.winner}`)}${c.ties > 0 ? ` · ${t('ties', { count: c.ties })}` : ''}`,
  }));
  const derived = (cells: ReturnType<typeof bigEyeBoy>, kind: string): Mark[] =>
    cells.map((c) => ({
      column: c.column,
      row: c.row,
      className: `${kind} ${kind}--${c.value}`,
      title: t(`colour_${c.value}`),
    }));
  return (
    <section className="roads" aria-label={t('roads')} data-rows={roadRows}>
      {winners.length === 0 ? <p className="roads__empty">{t('roadsEmpty')}</p> : null}
      <Road name={t('beadPlate')} marks={bead} />
      <Road name={t('bigRoad')} marks={big} />
      <div className="roads__derived">
        <Road name={t('bigEyeBoy')} marks={derived(bigEyeBoy(winners), 'ring')} small />
        <Road name={t('smallRoad')} marks={derived(smallRoad(winners), 'dot')} small />
        <Road name={t('cockroachPig')} marks={derived(cockroachPig(winners), 'slash')} small />
      </div>
    </section>
  );
}
