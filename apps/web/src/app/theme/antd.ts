import { type ThemeConfig, theme } from 'antd';
import { accessiblePrimary, darken, lighten, readable } from './color.ts';

type SeedToken = Parameters<typeof theme.defaultAlgorithm>[0];
type MapToken = ReturnType<typeof theme.defaultAlgorithm>;
/** antd's DerivativeFunc: each algorithm of a list gets the seed and what the previous one made. */
type MappingAlgorithm = (seed: SeedToken, map?: MapToken) => MapToken;

const base = theme.getDesignToken();
const darkBase = theme.getDesignToken({ algorithm: theme.darkAlgorithm });

/** antd's palette names (PresetColors, not exported from its root). */
const PRESET_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/**
 * Coloured tags (题型, 状态) write their text in the colour's 7th shade on its 1st: 2.5–4:1 for most of antd's
 * palette, in the light and the dark algorithm alike. Each text shade is moved just enough to read on its own tint.
 */
function tagText(tokens: typeof base) {
  return Object.fromEntries(
    PRESET_COLORS.map((key) => {
      const text = tokens[`${key}7` as keyof typeof tokens] as string;
      const bg = tokens[`${key}1` as keyof typeof tokens] as string;
      return [`${key}7`, readable(text, bg)];
    }),
  );
}
const presetTagText = tagText(base);
const darkTagText = tagText(darkBase);

/**
 * After antd's own algorithm: the light tints, borders and outlines stay derived from the chosen colour, while what
 * carries or is text — filled buttons and selected items with white text on them, links, selected tabs and pages,
 * danger buttons and links — takes the colour's readable shade (color.ts), and secondary text (Typography
 * type="secondary", descriptions, hints) is darker than antd's 45 % grey (3.4:1 on white).
 */
function readableColors(primary: string, dark: boolean): MappingAlgorithm {
  return (seed, map) => {
    const token = map ?? theme.defaultAlgorithm(seed);
    // Fills carry white text in both modes; text in the colour reads on the pages' own background.
    const fill = accessiblePrimary(primary);
    const page = dark ? token.colorBgContainer : '#ffffff';
    const text = dark ? readable(primary, page) : fill;
    const hover = dark ? readable(lighten(primary, 0.2), page) : readable(primary, page, 4.6);
    const active = dark ? readable(primary, page, 6) : darken(fill, 0.15);
    const error = readable(token.colorError, '#ffffff');
    return {
      ...token,
      // The light tints selected rows and items are drawn in, from the colour itself (antd's palette of a dark
      // shade is a mid grey, where its text would not read).
      ...(dark ? {} : { colorPrimaryBg: lighten(primary, 0.9), colorPrimaryBgHover: lighten(primary, 0.85) }),
      colorPrimary: fill,
      colorPrimaryHover: dark ? fill : hover,
      colorPrimaryActive: dark ? darken(fill, 0.15) : active,
      colorPrimaryText: text,
      colorPrimaryTextHover: hover,
      colorPrimaryTextActive: active,
      colorInfo: fill,
      colorInfoText: text,
      colorLink: text,
      colorLinkHover: hover,
      colorLinkActive: active,
      colorError: error,
      colorErrorHover: dark ? error : readable(token.colorErrorHover, '#ffffff'),
      colorErrorActive: darken(error, 0.15),
      colorErrorText: dark ? readable(token.colorErrorText, page) : error,
      // #666 on white 5.7:1, on the page's grey 5.1:1 (and the same in white on the dark pages).
      colorTextTertiary: dark ? 'rgba(255, 255, 255, 0.62)' : 'rgba(0, 0, 0, 0.6)',
    };
  };
}

/** Status colours (success, warning, error) as text on their light backgrounds: warning is 1.8:1 in antd's own. */
const statusText = {
  colorSuccess: readable(base.colorSuccess, base.colorSuccessBg),
  colorWarning: readable(base.colorWarning, base.colorWarningBg),
  colorError: readable(base.colorError, base.colorErrorBg),
};

/**
 * antd's theme for the chosen colour, readable at WCAG 2.1 AA (issue 26 §3). The colour stays the frame's accent
 * (themes.ts); tags get text that reads on their tint, on the light pages and the dark ones.
 */
export function antdTheme(primary: string, dark = false): ThemeConfig {
  const darkStatus = {
    colorSuccess: darkBase.colorSuccess,
    colorWarning: darkBase.colorWarning,
    colorError: darkBase.colorError,
    // 进行中 tags write in the info colour on its dark tint; the info colour is the fill's dark shade (above).
    colorInfo: readable(primary, darkBase.colorInfoBg),
  };
  return {
    algorithm: [dark ? theme.darkAlgorithm : theme.defaultAlgorithm, readableColors(primary, dark)] as NonNullable<
      ThemeConfig['algorithm']
    >,
    token: {
      colorPrimary: primary,
      // antd draws placeholders as text (25 %, 1.8:1); a little lighter than secondary text, still 4.7:1. An alias
      // token: antd derives it after the algorithms, so it is set here.
      colorTextPlaceholder: dark ? 'rgba(255, 255, 255, 0.55)' : 'rgba(0, 0, 0, 0.55)',
    },
    components: dark
      ? { Tag: { ...darkTagText, ...darkStatus }, Typography: darkStatus }
      : {
          Tag: { ...presetTagText, ...statusText },
          Typography: statusText,
          // A finished progress bar writes its figure (已阅 9/9) in the success colour: 2.3:1 in antd's green.
          Progress: { colorSuccess: readable(base.colorSuccess, '#ffffff') },
        },
  };
}
