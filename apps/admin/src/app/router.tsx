import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { Loading } from '../components/loading.tsx';
import { paths } from '../config/paths.ts';
import { Shell } from './layout/shell.tsx';
import { NotFound } from './routes/not-found.tsx';

/** History-mode routes under `/admin`; each page is its own lazy chunk. */
export function createRouter() {
  return createBrowserRouter(
    [
      {
        element: <Outlet />,
        hydrateFallbackElement: <Loading />,
        children: [
          { path: paths.login.path, lazy: () => import('./routes/login.tsx') },
          {
            element: <Shell />,
            children: [
              { index: true, element: <Navigate to={paths.settings.href()} replace /> },
              { path: paths.settings.path, lazy: () => import('./routes/settings.tsx') },
              { path: paths.audit.path, lazy: () => import('./routes/audit.tsx') },
              { path: paths.account.path, lazy: () => import('./routes/account.tsx') },
              { path: paths.operators.path, lazy: () => import('./routes/operators.tsx') },
              { path: paths.merchants.path, lazy: () => import('./routes/merchants.tsx') },
              { path: paths.members.path, lazy: () => import('./routes/members.tsx') },
              { path: paths.member.path, lazy: () => import('./routes/member.tsx') },
              { path: paths.registration.path, lazy: () => import('./routes/registration.tsx') },
              { path: paths.outbox.path, lazy: () => import('./routes/outbox.tsx') },
              { path: paths.content.path, lazy: () => import('./routes/content.tsx') },
              { path: paths.applications.path, lazy: () => import('./routes/applications.tsx') },
              { path: paths.feedback.path, lazy: () => import('./routes/feedback.tsx') },
              { path: paths.chat.path, lazy: () => import('./routes/chat.tsx') },
              { path: paths.games.path, lazy: () => import('./routes/games.tsx') },
              { path: paths.payments.path, lazy: () => import('./routes/payments.tsx') },
              { path: paths.agents.path, lazy: () => import('./routes/agents.tsx') },
              { path: paths.promotions.path, lazy: () => import('./routes/promotions.tsx') },
              { path: paths.missions.path, lazy: () => import('./routes/missions.tsx') },
              { path: paths.broadcasts.path, lazy: () => import('./routes/broadcasts.tsx') },
              { path: paths.pointMall.path, lazy: () => import('./routes/point-mall.tsx') },
              { path: paths.lottery.path, lazy: () => import('./routes/lottery.tsx') },
              { path: paths.live.path, lazy: () => import('./routes/live.tsx') },
              { path: paths.fish.path, lazy: () => import('./routes/fish.tsx') },
              { path: paths.pvp.path, lazy: () => import('./routes/pvp.tsx') },
              { path: paths.sportsTrading.path, lazy: () => import('./routes/sports-trading.tsx') },
              { path: paths.verification.path, lazy: () => import('./routes/verification.tsx') },
              { path: paths.saferGambling.path, lazy: () => import('./routes/safer-gambling.tsx') },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
    { basename: '/admin' },
  );
}
