import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import type { BannerGroup } from '../features/banners/banner-groups.ts';
import { loadDeferredTexts } from '../lib/i18n.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './layouts/route-error.tsx';
import type { RouteHandle } from './route-handle.ts';
import { Splash } from './status-gate/splash.tsx';

const site = (banner?: BannerGroup): RouteHandle =>
  banner ? { layout: 'site', banner } : { layout: 'site' };
const game: RouteHandle = { layout: 'game' };
const content: RouteHandle = { layout: 'content' };

/** `/` goes to `/index`, keeping any query (an affiliate code, say). */
function toHome({ request }: LoaderFunctionArgs) {
  return redirect(`/index${new URL(request.url).search}`);
}

/** The lobby's game type is upper-case: /lobby/rng becomes /lobby/RNG. */
function upperCaseGameType({ params, request }: LoaderFunctionArgs) {
  const gameType = params.gameType ?? '';
  if (gameType === gameType.toUpperCase()) return null;
  return redirect(`/lobby/${encodeURIComponent(gameType.toUpperCase())}${new URL(request.url).search}`);
}

/** A page whose texts are (partly) in the deferred English catalogue: both load together. */
function withDeferredTexts<T>(page: Promise<T>): Promise<T> {
  return Promise.all([page, loadDeferredTexts()]).then(([module]) => module);
}

const register = () => import('./routes/register.tsx');

/** The route table of §2 (history mode). Every page is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: Splash,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, loader: toHome },
          { path: 'index', handle: site('home'), lazy: () => import('./routes/index.tsx') },
          { path: 'register', handle: site('home'), lazy: register },
          { path: 'register.html', handle: site('home'), lazy: register },
          { path: 'login', handle: site(), lazy: () => import('./routes/login.tsx') },
          { path: 'noticePage', handle: site(), lazy: () => import('./routes/notice-page.tsx') },
          { path: 'pointMall', handle: site('shop'), lazy: () => import('./routes/point-mall.tsx') },
          {
            path: 'sports',
            handle: { ...site('sports'), play: true },
            lazy: () => import('./routes/sports.tsx'),
          },
          {
            path: 'esports',
            handle: { ...site('esports'), play: true },
            lazy: () => import('./routes/esports.tsx'),
          },
          { path: 'lottery', handle: game, lazy: () => import('./routes/lottery.tsx') },
          { path: 'lottery/history', handle: game, lazy: () => import('./routes/lottery-history.tsx') },
          { path: 'lottery/verify', handle: game, lazy: () => import('./routes/lottery-verify.tsx') },
          { path: 'rng', handle: site('rng'), lazy: () => import('./routes/rng.tsx') },
          { path: 'fish', handle: site('fish'), lazy: () => import('./routes/fish.tsx') },
          { path: 'pvp', handle: site('pvp'), lazy: () => import('./routes/pvp.tsx') },
          { path: 'live', handle: site('live'), lazy: () => import('./routes/live.tsx') },
          { path: 'bingo', handle: site('bingo'), lazy: () => import('./routes/bingo.tsx') },
          { path: 'promotions', handle: site('promotion'), lazy: () => import('./routes/promotions.tsx') },
          { path: 'promoDetail', handle: site(), lazy: () => import('./routes/promo-detail.tsx') },
          {
            path: 'seamless',
            handle: game,
            lazy: () => withDeferredTexts(import('./routes/seamless.tsx')),
          },
          { path: 'fbsports', handle: game, lazy: () => import('./routes/fbsports.tsx') },
          { path: 'help', handle: site('help'), lazy: () => import('./routes/help.tsx') },
          {
            path: 'responsibleGaming',
            handle: site(),
            lazy: () => loadDeferredTexts().then(() => import('./routes/responsible-gaming.tsx')),
          },
          { path: 'helpmc', handle: content, lazy: () => import('./routes/helpmc.tsx') },
          // The download page's texts of this site's QR code are the deferred catalogue's; /download is the address
          // the login-required rule leaves open to guests (§2), /down the route table's.
          {
            path: 'down',
            handle: site('download'),
            lazy: () => withDeferredTexts(import('./routes/down.tsx')),
          },
          {
            path: 'download',
            handle: site('download'),
            lazy: () => withDeferredTexts(import('./routes/down.tsx')),
          },
          // The lottery banner group's page (§2); the lottery lobby stays /lobby/LOTT.
          {
            path: 'elott',
            handle: site('lottery'),
            lazy: () => withDeferredTexts(import('./routes/elott.tsx')),
          },
          { path: 'join', handle: site(), lazy: () => import('./routes/join.tsx') },
          { path: 'game', handle: game, lazy: () => import('./routes/game.tsx') },
          {
            path: 'lobby/:gameType',
            handle: site(),
            loader: upperCaseGameType,
            lazy: () => import('./routes/lobby.tsx'),
          },
          { path: '*', handle: site(), lazy: () => import('./routes/not-found.tsx') },
        ],
      },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/** The one router of the page: it keeps the address while the gate shows maintenance and back. */
export function getRouter() {
  router ??= createBrowserRouter(routes);
  return router;
}
