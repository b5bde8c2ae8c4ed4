import type { DragonTigerResult } from '@tala/live/dragon-tiger';
import { roadRows } from '@tala/live/roads';
import { useTranslation } from '../../lib/i18n.ts';
import { PlayingCard } from './deal.tsx';
import { isDragonTigerResult } from './logic.ts';
import { type Mark, Road } from './roads.tsx';
import type { HistoryItem } from './use-table.ts';

/** Dragon tiger's deal: the dragon's card, then the tiger's (`revealed` of the two so far); the winner lit after. */
export function DragonTigerDeal({ result, revealed }: { result: unknown; revealed: number }) {
  const { t } = useTranslation();
  const r = isDragonTigerResult(result) ? result : null;
  const done = r !== null && revealed >= 2;
  const side = (name: 'dragon' | 'tiger', index: number) => {
    const card = r && revealed > index ? r[name] : null;
    return (
      <section
        className={`hand hand--${name}${done && r?.winner === name ? ' hand--won' : ''}${done && r?.winner === 'tie' ? ' hand--tie' : ''}`}
        aria-label={t(`spot_${name}`)}
        data-testid={`hand-${name}`}
      >
        <h3>{t(`spot_${name}`)}</h3>
        <div className="hand__cards hand__cards--one">
          {card ? <PlayingCard card={card} /> : <span className="card card--back" aria-hidden="true" />}
        </div>
      </section>
    );
  };
  return (
    <div className="deal deal--dragon_tiger" aria-live="polite">
      {side('dragon', 0)}
      {side('tiger', 1)}
      {done && r ? (
        <p className={`deal__winner deal__winner--${r.winner}`} data-testid="winner" role="status">
          {t(`winner_${r.winner}`)}
        </p>
      ) : null}
    </div>
  );
}

const letters = { dragon: 'letter_D', tiger: 'letter_Tg', tie: 'letter_dtTie' } as const;

/** The bead plate of the table's last results (oldest first): D, T, or a tie, filling each column downwards. */
export function DragonTigerHistory({ history }: { history: HistoryItem[] }) {
  const { t } = useTranslation();
  const winners = history
    .map((h) => h.result)
    .filter(isDragonTigerResult)
    .map((r) => r.winner);
  const marks: Mark[] = winners.map((winner, i) => ({
    column: Math.floor(i / roadRows),
    row: i % roadRows,
    className: `bead bead--${winner}`,
    text: t(letters[winner]),
    title: t(`winner_${winner}`),
  }));
  const count = (w: string) => winners.filter((x) => x === w).length;
  return (
    <section className="roads" aria-label={t('roads')}>
      {winners.length === 0 ? <p className="roads__empty">{t('roadsEmpty')}</p> : null}
      <Road name={t('beadPlate')} marks={marks} />
      <p className="roads__tally" data-testid="history-tally">
        <span className="tally tally--dragon">
          {t('spot_dragon')} {count('dragon')}
        </span>
        <span className="tally tally--tiger">
          {t('spot_tiger')} {count('tiger')}
        </span>
        <span className="tally tally--tie">
          {t('spot_tie')} {count('tie')}
        </span>
      </p>
    </section>
  );
}

const rankNames = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
/** A result in words for the recall: "Dragon wins K–7". */
export function describeDragonTiger(t: (key: string) => string, r: DragonTigerResult): string {
  return `${t(`winner_${r.winner}`)} ${rankNames[r.dragon.rank] ?? r.dragon.rank}–${rankNames[r.tiger.rank] ?? r.tiger.rank}`;
}
