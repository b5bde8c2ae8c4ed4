import { useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, useSearchParams } from 'react-router';
import { bingoApi } from '../features/bingo/bingo-api.ts';
import { RoomPage } from '../features/bingo/room-page.tsx';
import { TablePage } from '../features/live/table-page.tsx';
import { TitlePicker } from '../features/picker/title-picker.tsx';
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
  const studio = params.get('vendor') === 'TLIVE';
  // The live studio (vendor TLIVE) has tables and bingo rooms under one line: a code that is a bingo room opens
  // the room page, any other the table page; every other vendor's game is a slot title.
  const [section, setSection] = useState<string | null>(studio ? null : 'slot');
  useEffect(() => {
    if (!studio || !game) return;
    let live = true;
    bingoApi.room(game).then(
      () => live && setSection('bingo'),
      () => live && setSection('live'),
    );
    return () => {
      live = false;
    };
  }, [studio, game]);
  if (game && section === null)
    return (
      <main className="page page--center">
        <p role="status">…</p>
      </main>
    );
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
    { path: '/verify', element: <VerifyPage /> },
    { path: '/launch', element: <Launch /> },
    { path: '*', element: <Navigate replace to="/" /> },
  ],
  { basename: '/games' },
);
