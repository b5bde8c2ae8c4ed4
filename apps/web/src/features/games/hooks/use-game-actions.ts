import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { requireLogin, showToast } from '../../../lib/overlays.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { favouriteIdsQuery, type Game, toggleFavourite } from '../api/games-api.ts';
import { gameStart } from '../lib/start-game.ts';

/**
 * Starting games and toggling favourites from any list: login first (the login popup otherwise), then the lottery
 * page, the popup list of a VASSALAGE line, or the /game page. Favourites show as hearts once signed in.
 */
export function useGameActions() {
  const token = useSessionToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [popup, setPopup] = useState<string | null>(null);
  const favourites = useQuery({ ...favouriteIdsQuery(token ?? ''), enabled: Boolean(token) });

  const favourite = useMutation({
    mutationFn: ({ game, on }: { game: Game; on: boolean }) => toggleFavourite(game, on),
    onMutate: ({ game, on }) => {
      if (!token) return;
      const key = favouriteIdsQuery(token).queryKey;
      queryClient.setQueryData(key, (old: Set<number> | undefined) => {
        const next = new Set(old);
        if (on) next.add(game.nodeId);
        else next.delete(game.nodeId);
        return next;
      });
    },
    onError: (error) => showToast(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [memberQueryRoot, token, 'favourites'] }),
  });

  return {
    token,
    popup,
    openPopup: (vassalage: string) => {
      if (requireLogin()) setPopup(vassalage);
    },
    closePopup: () => setPopup(null),
    isFavourite: (game: Game) => (token ? (favourites.data?.has(game.nodeId) ?? false) : undefined),
    /** `fromPopup`: a game picked in the popup list launches, whatever its line's kind. */
    start(game: Game, mode: 'real' | 'demo' = 'real', fromPopup = false) {
      const next = gameStart(fromPopup ? { ...game, isGame: 'GAME' } : game, mode);
      // The in-house sportsbook's page is open to guests: its bet slip asks for the login.
      if (next.kind !== 'sportsbook' && !requireLogin()) return;
      if (next.kind === 'popup') setPopup(next.vassalage);
      else navigate(next.to);
    },
    setFavourite(game: Game, on: boolean) {
      if (!requireLogin()) return;
      favourite.mutate({ game, on });
    },
  };
}
