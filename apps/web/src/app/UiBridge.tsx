import { App } from 'antd';
import { useEffect } from 'react';
import { connectUi } from '../api/bridge.ts';
import { MENU_QUERY_KEY } from './account.ts';
import { queryClient } from './query.ts';
import { router } from './router.tsx';

/** Hands the HTTP client the app's message API and the router (see api/bridge.ts). */
export function UiBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    // Keyed by text, so a burst of identical failures (e.g. several 401s) shows one toast.
    connectUi({
      error: (text) => void message.error({ content: text, key: text }),
      navigate: (path) => void router.navigate(path, { replace: true }),
      forbidden: () => void queryClient.invalidateQueries({ queryKey: MENU_QUERY_KEY }),
    });
  }, [message]);
  return null;
}
