import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import type { Game } from '../api/games-api.ts';
import type { GamesSite } from '../lib/site.ts';
import { onHost } from '../lib/start-game.ts';

type GameCardProps = {
  game: Game;
  site: GamesSite;
  /** Undefined for guests: the heart then asks for the login like any protected action. */
  favourite: boolean | undefined;
  /** The merchant offers free play and this game launches (not a lottery page or a popup list of games). */
  offerDemo: boolean;
  onStart: (game: Game, mode: 'real' | 'demo') => void;
  onFavourite: (game: Game, favourite: boolean) => void;
};

/** A game tile: thumbnail, name, vendor, hot and maintenance marks, play, demo play and the favourite heart. */
export function GameCard({ game, site, favourite, offerDemo, onStart, onFavourite }: GameCardProps) {
  const { t } = useTranslation();
  return (
    <li className={`game-card${game.maintenance ? ' game-card--maintenance' : ''}`}>
      <button
        type="button"
        className="game-card__play"
        aria-label={t('games.play', { name: game.name })}
        disabled={game.maintenance}
        onClick={() => onStart(game, 'real')}
      >
        <img
          className="game-card__thumb"
          src={onHost(game.imageUrl, site.imageHost)}
          alt=""
          width={240}
          height={200}
          loading="lazy"
        />
        {game.isHot ? <span className="game-card__hot">{t('games.hot')}</span> : null}
        {game.maintenance ? <span className="game-card__maintenance">{t('games.maintenance')}</span> : null}
      </button>
      <div className="game-card__meta">
        <span className="game-card__name">{game.name}</span>
        <span className="game-card__vendor">{game.vendor.replace(/_/g, ' ')}</span>
      </div>
      <div className="game-card__tools">
        {offerDemo && !game.maintenance ? (
          <button
            type="button"
            className="game-card__demo"
            aria-label={t('games.demoPlay', { name: game.name })}
            onClick={() => onStart(game, 'demo')}
          >
            {t('games.demo')}
          </button>
        ) : null}
        <button
          type="button"
          className={`game-card__fav${favourite ? ' game-card__fav--on' : ''}`}
          aria-pressed={favourite ?? false}
          aria-label={t(favourite ? 'games.unfavourite' : 'games.favourite', { name: game.name })}
          onClick={() => onFavourite(game, !favourite)}
        >
          <Icon name="star" size={18} />
        </button>
      </div>
    </li>
  );
}
