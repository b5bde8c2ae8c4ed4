import { useTranslation } from 'react-i18next';
import type { Game } from '../api/games-api.ts';
import type { useGameActions } from '../hooks/use-game-actions.ts';
import type { GamesSite } from '../lib/site.ts';
import { gameStart } from '../lib/start-game.ts';
import { GameCard } from './game-card.tsx';

type GameGridProps = {
  games: Game[];
  site: GamesSite;
  actions: ReturnType<typeof useGameActions>;
  label: string;
  fromPopup?: boolean;
};

/** A grid of game cards. */
export function GameGrid({ games, site, actions, label, fromPopup = false }: GameGridProps) {
  return (
    <ul className="game-grid" aria-label={label}>
      {games.map((game) => (
        <GameCard
          key={game.nodeId}
          game={game}
          site={site}
          favourite={actions.isFavourite(game)}
          offerDemo={site.freePlay && (fromPopup || gameStart(game).kind === 'launch')}
          onStart={(g, mode) => actions.start(g, mode, fromPopup)}
          onFavourite={actions.setFavourite}
        />
      ))}
    </ul>
  );
}

type PagerProps = { pageNo: number; totalPages: number; onPage: (page: number) => void };

/** Previous, a few page numbers around the current one, next. */
export function Pager({ pageNo, totalPages, onPage }: PagerProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const first = Math.max(1, Math.min(pageNo - 2, totalPages - 4));
  const pages = Array.from({ length: Math.min(5, totalPages) }, (_, i) => first + i);
  return (
    <nav className="pager" aria-label={t('games.pages')}>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={pageNo <= 1}
        onClick={() => onPage(pageNo - 1)}
      >
        {t('games.previous')}
      </button>
      {pages.map((page) => (
        <button
          key={page}
          type="button"
          className={`pager__page${page === pageNo ? ' pager__page--current' : ''}`}
          aria-current={page === pageNo ? 'page' : undefined}
          aria-label={t('games.pageN', { page })}
          onClick={() => onPage(page)}
        >
          {page}
        </button>
      ))}
      <span className="pager__count">{t('games.pageOf', { page: pageNo, total: totalPages })}</span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={pageNo >= totalPages}
        onClick={() => onPage(pageNo + 1)}
      >
        {t('games.next')}
      </button>
    </nav>
  );
}
