import './fish-rooms.css';
import { type FishRoom, fishVassalage } from '@tala/contracts/fish';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { requireLogin } from '../../lib/overlays.ts';
import type { Game, Page } from '../games/api/games-api.ts';
import type { GamesSite } from '../games/lib/site.ts';
import { formatMoney } from '../games/lib/start-game.ts';

export type FishRoomCard = FishRoom & { nodeId: number | null };

/**
 * The rooms with their catalogue entries: each room is a game of the in-house fish line (its code the game's code),
 * which is what Play launches, like any vendor's game. A room the catalogue does not offer here cannot be played.
 */
export function withNodes(rooms: readonly FishRoom[], games: readonly Game[]): FishRoomCard[] {
  const byCode = new Map(games.filter((g) => g.vassalage === fishVassalage).map((g) => [g.gameCode, g]));
  return rooms.map((room) => ({ ...room, nodeId: byCode.get(room.code)?.nodeId ?? null }));
}

/**
 * The in-house fish rooms at the top of /fish: each with its bets, its declared return, the seats taken and whether
 * it is under maintenance; Play opens the room's game. Nothing is shown when the merchant offers none.
 */
export function FishRooms({ site }: { site: GamesSite }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rooms = useQuery({
    queryKey: ['fish-rooms'],
    queryFn: async () => {
      const [value, games] = await Promise.all([
        api<{ list: FishRoom[] }>('/wps/fish/rooms'),
        api<Page<Game>>('/wps/relay/GCSGAME_gameList', {
          query: { clientType: 3, gameType: 'FISH', vassalage: fishVassalage, pageNo: 1, pageSize: 50 },
        }),
      ]);
      return withNodes(value.list, games.list);
    },
    // Seats fill and empty: the cards follow every few seconds.
    refetchInterval: 8_000,
  });

  if (rooms.isPending)
    return (
      <p className="fish-rooms__note" aria-busy="true">
        {t('fishRooms.loading')}
      </p>
    );
  if (rooms.isError)
    return (
      <p className="fish-rooms__note" role="alert">
        {t('fishRooms.error')}{' '}
        <button type="button" className="btn btn-secondary" onClick={() => void rooms.refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  if (rooms.data.length === 0) return null;
  const money = (minor: number) => formatMoney(minor, site.currency);

  return (
    <section className="fish-rooms" aria-labelledby="fish-rooms-title">
      <h2 id="fish-rooms-title" className="fish-rooms__title">
        {t('fishRooms.title')}
      </h2>
      <ul className="fish-rooms__list">
        {rooms.data.map((room) => {
          const full = room.seatsTaken >= room.seats;
          return (
            <li key={room.code} className="fish-room-card" data-testid={`fish-room-${room.code}`}>
              <span className="fish-room-card__name">{room.name}</span>
              <p
                className={`fish-room-card__state fish-room-card__state--${room.maintenance ? 'off' : full ? 'full' : 'open'}`}
              >
                {room.maintenance
                  ? t('fishRooms.maintenance')
                  : t('fishRooms.seats', { taken: room.seatsTaken, seats: room.seats })}
              </p>
              <p className="fish-room-card__seats" aria-hidden="true">
                {Array.from({ length: room.seats }, (_, i) => (
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: seats are places, not items.
                    key={i}
                    className={`fish-room-card__seat${i < room.seatsTaken ? ' fish-room-card__seat--taken' : ''}`}
                  />
                ))}
              </p>
              <div className="fish-room-card__foot">
                <span className="fish-room-card__bets">
                  {t('fishRooms.bets', {
                    from: money(room.bets[0] ?? 0),
                    to: money(room.bets.at(-1) ?? 0),
                  })}
                  <br />
                  {t('fishRooms.rtp', { rtp: (room.rtpBps / 100).toFixed(2) })}
                </span>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={room.maintenance || room.nodeId === null}
                  aria-label={t('fishRooms.playAt', { name: room.name })}
                  onClick={() => {
                    if (!requireLogin()) return;
                    navigate(`/game?nodeId=${room.nodeId}`);
                  }}
                >
                  {full ? t('fishRooms.watch') : t('fishRooms.play')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
