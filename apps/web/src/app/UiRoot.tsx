import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useMemo } from 'react';
import { Outlet } from 'react-router';
import '../i18n/dates.ts';
import { primaryColor, useSettings } from '../stores/settings.ts';
import { antdTheme } from './theme/antd.ts';
import { UiBridge } from './UiBridge.tsx';

/** Someone who asked their system for less motion gets no zooming dialogs or sliding drawers. */
const reducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** global.css's font list, antd's and the plain pages' alike. */
const fontFamily = 'var(--shixun-font)';

/**
 * antd's context (theme, locale, message API) around every route but the login page, downloaded with the first of
 * them: antd is most of the app's script, and a school's link should not carry it to show a sign-in form
 * (issue 26 §4).
 */
export default function UiRoot() {
  const language = useSettings((s) => s.language);
  // The colour picker's choice is every page's primary colour.
  const color = useSettings((s) => primaryColor(s.color));
  const theme = useMemo(() => {
    // Text drawn in the colour, or on it, takes its readable shade (theme/antd.ts: WCAG AA contrast).
    const readable = antdTheme(color);
    return { ...readable, token: { ...readable.token, motion: !reducedMotion, borderRadius: 6, fontFamily } };
  }, [color]);
  return (
    <ConfigProvider locale={language === 'en' ? enUS : zhCN} theme={theme}>
      <AntApp>
        <UiBridge />
        <Outlet />
      </AntApp>
    </ConfigProvider>
  );
}
