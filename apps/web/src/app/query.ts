import { QueryClient } from '@tanstack/react-query';
import { useAuth } from '../stores/auth.ts';
import { useSettings } from '../stores/settings.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client already told the user what went wrong; a silent retry would only repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// One user's cached lists must never be shown to the next user of the same browser.
useAuth.subscribe((state, prev) => {
  if (prev.accessToken && !state.accessToken) queryClient.clear();
});

// Answers are in the language they were fetched in (server messages, picker trees titled by localTree): a language
// switch fetches them again.
useSettings.subscribe((state, prev) => {
  if (state.language !== prev.language) void queryClient.invalidateQueries();
});
