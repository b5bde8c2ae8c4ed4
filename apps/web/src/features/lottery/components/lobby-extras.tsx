import './lottery.css';
import './lottery-extras.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { memberInfoQuery } from '../../account/api/account-api.ts';
import { type LotteryGame, type PrizeModeCode, recentGamesQuery } from '../api/lottery-api.ts';
import { useLotteryFavourites } from '../lib/favourites.ts';

/** The signed-in member's username (favourites are kept per username), or null for a visitor. */
export function useUsername(): string | null {
  const token = useSessionToken();
  const info = useQuery({ ...memberInfoQuery(token ?? ''), enabled: Boolean(token) });
  return token ? (info.data?.account ?? null) : null;
}

/** A star that keeps a game among this browser's favourites for this username. */
export function FavouriteButton({ game }: { game: Pick<LotteryGame, 'gameCode' | 'name'> }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery.favourites' });
  const { codes, toggle } = useLotteryFavourites(useUsername());
  const on = codes.includes(game.gameCode);
  return (
    <button
      type="button"
      className="lottery-fav"
      aria-pressed={on}
      aria-label={t(on ? 'remove' : 'add', { name: game.name })}
      title={t(on ? 'remove' : 'add', { name: game.name })}
      onClick={() => toggle(game.gameCode)}
    >
      {on ? '★' : '☆'}
    </button>
  );
}

function GameLinks({ games, prizeMode }: { games: LotteryGame[]; prizeMode: PrizeModeCode }) {
  return (
    <ul className="lottery-links">
      {games.map((game) => (
        <li key={game.gameCode}>
          <Link to={`${paths.lottery}?gameCode=${game.gameCode}&lottoPrizeMode=${prizeMode}`}>
            {game.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The lobby's favourites (this browser, this username) and recent games (game_menu/recent), when there are any. */
export function LobbyShortcuts({ games, prizeMode }: { games: LotteryGame[]; prizeMode: PrizeModeCode }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery' });
  const token = useSessionToken();
  const { codes } = useLotteryFavourites(useUsername());
  const recent = useQuery({ ...recentGamesQuery(prizeMode), enabled: Boolean(token) });
  const favourites = codes.flatMap((code) => games.filter((g) => g.gameCode === code));
  const recentGames = recent.data?.list ?? [];
  if (favourites.length === 0 && recentGames.length === 0) return null;
  return (
    <div className="lottery-panel">
      {favourites.length > 0 ? (
        <>
          <h2>{t('favourites.title')}</h2>
          <GameLinks games={favourites} prizeMode={prizeMode} />
        </>
      ) : null}
      {recentGames.length > 0 ? (
        <>
          <h2>{t('recent')}</h2>
          <GameLinks games={recentGames} prizeMode={prizeMode} />
        </>
      ) : null}
    </div>
  );
}
