import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { primaryColor, useSettings } from '../stores/settings.ts';
import { queryClient } from './query.ts';
import { router } from './router.tsx';
import { antdTheme } from './theme/antd.ts';
import { startTokenRefresh } from './token-refresh.ts';
import { UiBridge } from './UiBridge.tsx';

/** Someone who asked their system for less motion gets no zooming dialogs or sliding drawers. */
const reducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

const fontFamily =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif";

export function App() {
  const language = useSettings((s) => s.language);
  // The colour picker's choice is every page's primary colour, the login page's too.
  const color = useSettings((s) => primaryColor(s.color));
  const theme = useMemo(() => {
    // Text drawn in the colour, or on it, takes its readable shade (theme/antd.ts: WCAG AA contrast).
    const readable = antdTheme(color);
    return { ...readable, token: { ...readable.token, motion: !reducedMotion, borderRadius: 6, fontFamily } };
  }, [color]);
  useEffect(() => startTokenRefresh(), []);
  return (
    <ConfigProvider locale={language === 'en' ? enUS : zhCN} theme={theme}>
      <AntApp>
        <UiBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
