import { App } from 'antd';
import { useEffect } from 'react';
import { connectUi } from '../api/bridge.ts';
import { router } from './router.tsx';

/** Hands the HTTP client the app's message API and the router (see api/bridge.ts). */
export function UiBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    // Keyed by text, so a burst of identical failures (e.g. several 401s) shows one toast.
    connectUi({
      error: (text) => void message.error({ content: text, key: text }),
      navigate: (path) => void router.navigate(path, { replace: true }),
    });
  }, [message]);
  return null;
}
