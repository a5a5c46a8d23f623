import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { RouterProvider } from 'react-router';
import { primaryColor, useSettings } from '../stores/settings.ts';
import { queryClient } from './query.ts';
import { router } from './router.tsx';
import { accessiblePrimary } from './theme/color.ts';
import { startTokenRefresh } from './token-refresh.ts';

/**
 * The app's root holds no antd: the login page is drawn without it, and every other route downloads it with its
 * own layout (UiRoot.tsx).
 */
export function App() {
  // The colour picker's choice is every page's primary colour, the login page's too: its readable shade is what
  // the pages without antd draw buttons, spinners and focus rings in (global.css).
  const color = useSettings((s) => primaryColor(s.color));
  // Before the first paint: the login page never shows in the default shade first.
  useLayoutEffect(() => {
    document.documentElement.style.setProperty('--shixun-primary', accessiblePrimary(color));
  }, [color]);
  useEffect(() => startTokenRefresh(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
