import type { Locale } from '@shixun/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useSettings } from '../stores/settings.ts';

const dayjsLocale: Record<Locale, string> = { zh: 'zh-cn', en: 'en' };

/**
 * Dates speak the interface's language. Imported by the antd layout (app/UiRoot.tsx), where dates are first shown:
 * dayjs travels with antd, not with the login page.
 */
dayjs.locale(dayjsLocale[useSettings.getState().language]);
useSettings.subscribe((state, prev) => {
  if (state.language !== prev.language) dayjs.locale(dayjsLocale[state.language]);
});
