import { fishVassalage } from '@tala/contracts/fish';
import { createBrowserRouter, Navigate, useSearchParams } from 'react-router';
import { RoomPage } from '../features/bingo/room-page.tsx';
import { FishPage } from '../features/fish/fish-page.tsx';
import { TablePage } from '../features/live/table-page.tsx';
import { TitlePicker } from '../features/picker/title-picker.tsx';
import { PvpPage } from '../features/pvp/table-page.tsx';
import { SlotPage } from '../features/slot/slot-page.tsx';
import { VerifyPage } from '../features/verify/verify-page.tsx';

/**
 * A launch address in the shape every vendor gets (`<launch base>/launch?game=...&lang=...&demo=0|1`): opens the
 * title. A `token` there is the vendor game session's, not needed here: the member's own session is the site's.
 */
function Launch() {
  const [params] = useSearchParams();
  const game = params.get('game') ?? '';
  const next = new URLSearchParams();
  if (params.get('demo') === '1') next.set('mode', 'demo');
  const lang = params.get('lang');
  if (lang) next.set('lang', lang);
  const query = next.toString();
  // The live studio's bingo rooms (line TLIVE_BINGO) open the room page, its tables (vendor TLIVE) the table page,
  // the fish rooms (line TFISH_FISH) the fish room, the card tables members play each other at (line TPVP_PVP, the
  // game code the table's) the PvP table; every other game is a slot title.
  const line = params.get('line');
  const section =
    line === 'TLIVE_BINGO'
      ? 'bingo'
      : line === fishVassalage
        ? 'fish'
        : line === 'TPVP_PVP'
          ? 'pvp'
          : params.get('vendor') === 'TLIVE'
            ? 'live'
            : 'slot';
  return (
    <Navigate
      replace
      to={game ? `/${section}/${encodeURIComponent(game)}${query ? `?${query}` : ''}` : '/'}
    />
  );
}

export const router = createBrowserRouter(
  [
    { path: '/', element: <TitlePicker /> },
    { path: '/slot/:code', element: <SlotPage /> },
    { path: '/live/:code', element: <TablePage /> },
    { path: '/bingo/:code', element: <RoomPage /> },
    { path: '/fish/:code', element: <FishPage /> },
    { path: '/pvp/:code', element: <PvpPage /> },
    { path: '/verify', element: <VerifyPage /> },
    { path: '/launch', element: <Launch /> },
    { path: '*', element: <Navigate replace to="/" /> },
  ],
  { basename: '/games' },
);
