import { theme } from 'antd';
import { useMemo } from 'react';
import type { ChartPalette } from '../../assignment/results/options.ts';

/** 成绩分析's chart colours, and a text colour for marks that must read as text (the nominal line and its label). */
export type Palette = ChartPalette & { text: string };

/** The charts' colours from the skin's antd tokens, as 成绩分析 takes them, so they follow the theme. */
export function useChartPalette(): Palette {
  const { token } = theme.useToken();
  return useMemo<Palette>(
    () => ({
      primary: token.colorPrimary,
      success: token.colorSuccess,
      warning: token.colorWarning,
      error: token.colorError,
      muted: token.colorTextTertiary,
      text: token.colorTextSecondary,
    }),
    [
      token.colorPrimary,
      token.colorSuccess,
      token.colorWarning,
      token.colorError,
      token.colorTextTertiary,
      token.colorTextSecondary,
    ],
  );
}
