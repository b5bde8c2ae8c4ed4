import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { getRouter } from './router.tsx';
import { Splash } from './status-gate/splash.tsx';
import { StatusGate } from './status-gate/status-gate.tsx';

/** Providers, then the status gate, then the routes. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<Splash />}>
        <StatusGate>
          <RouterProvider router={getRouter()} />
        </StatusGate>
      </Suspense>
    </QueryClientProvider>
  );
}
