import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { i18n } from './i18n.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // A 4xx answer will not change on retry; a dropped connection might.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
});

// The server words what it sends (promotions, notices, game names, messages) in the language each request asks for:
// another language asks again for everything on the page, as a reload would.
i18n.on('languageChanged', () => {
  void queryClient.invalidateQueries();
});
