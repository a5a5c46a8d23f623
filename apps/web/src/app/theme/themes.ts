import type { ThemeConfig } from 'antd';
import { alpha, darken, lighten } from './color.ts';

/** The 11 skins of the frame (SPEC §2), in the order the theme picker shows them. */
export const THEME_NAMES = [
  'default',
  'white',
  'dark',
  'star',
  'intelligent',
  'iview',
  'vip',
  'cool',
  'd2',
  'hey',
  'lte',
] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

type MenuTokens = NonNullable<NonNullable<ThemeConfig['components']>['Menu']>;

/** How the tag tabs are drawn (themes.css): each theme picks one, so the skins differ in shape, not only colour. */
export type TabStyle = 'card' | 'line' | 'dot' | 'pill' | 'chrome' | 'box';
/** Where the selected sidebar item carries a bar of the accent colour. */
export type MarkerSide = 'left' | 'right' | 'none';

/** The colours of the frame, set as CSS custom properties on the shell (see shell.module.css and themes.css). */
export interface FrameColors {
  siderBg: string;
  siderBorder: string;
  brandBg: string;
  brandColor: string;
  headerBg: string;
  headerColor: string;
  headerMuted: string;
  headerBorder: string;
  headerHover: string;
  searchBg: string;
  tabsBg: string;
  tabBg: string;
  tabColor: string;
  tabBorder: string;
  tabActiveBg: string;
  tabActiveColor: string;
  contentBg: string;
  marker: string;
}

export interface ShellTheme {
  name: ThemeName;
  /** The pages go dark too (antd's dark algorithm). */
  dark: boolean;
  menuTheme: 'light' | 'dark';
  tabs: TabStyle;
  marker: MarkerSide;
  colors: FrameColors;
  menu: MenuTokens;
}

type Definition = Omit<ShellTheme, 'name'>;

const lightHeader = {
  headerBg: '#ffffff',
  headerColor: '#303133',
  headerMuted: '#606266',
  headerBorder: '#eceef2',
  headerHover: 'rgba(0, 0, 0, 0.05)',
  searchBg: '#f4f5f7',
};

const darkHeader = (bg: string, color = '#ffffff') => ({
  headerBg: bg,
  headerColor: color,
  headerMuted: alpha(color, 0.78),
  headerBorder: 'transparent',
  headerHover: 'rgba(255, 255, 255, 0.14)',
  searchBg: 'rgba(255, 255, 255, 0.16)',
});

/**
 * The 11 skins, modelled on the character of Saber's (original-stack §1.8): each sets the sidebar, header, tabs and
 * page background, most derive their accents from the chosen primary colour `p`.
 */
const definitions: Record<ThemeName, (p: string) => Definition> = {
  /** Saber's own: a charcoal sidebar, white header, card tabs. */
  default: (p) => ({
    dark: false,
    menuTheme: 'dark',
    tabs: 'card',
    marker: 'none',
    colors: {
      siderBg: '#20222a',
      siderBorder: 'transparent',
      brandBg: '#1a1c22',
      brandColor: '#ffffff',
      ...lightHeader,
      tabsBg: '#ffffff',
      tabBg: '#ffffff',
      tabColor: '#606266',
      tabBorder: '#e4e7ed',
      tabActiveBg: lighten(p, 0.9),
      tabActiveColor: p,
      contentBg: '#f0f2f5',
      marker: p,
    },
    menu: {
      darkItemBg: '#20222a',
      darkSubMenuItemBg: '#191a20',
      darkPopupBg: '#20222a',
      darkItemColor: 'rgba(255, 255, 255, 0.72)',
      darkItemHoverColor: '#ffffff',
      darkItemHoverBg: 'rgba(255, 255, 255, 0.06)',
      darkItemSelectedBg: p,
      darkItemSelectedColor: '#ffffff',
      itemBorderRadius: 4,
    },
  }),
  /** All white and airy: a light sidebar with a bar on the right of the selected item, underlined tabs. */
  white: (p) => ({
    dark: false,
    menuTheme: 'light',
    tabs: 'line',
    marker: 'right',
    colors: {
      siderBg: '#ffffff',
      siderBorder: '#e8eaef',
      brandBg: '#ffffff',
      brandColor: '#1f2937',
      ...lightHeader,
      tabsBg: '#ffffff',
      tabBg: 'transparent',
      tabColor: '#4b5563',
      tabBorder: '#eceef2',
      tabActiveBg: 'transparent',
      tabActiveColor: p,
      contentBg: '#f6f7f9',
      marker: p,
    },
    menu: {
      itemBg: '#ffffff',
      subMenuItemBg: '#ffffff',
      itemColor: '#4b5563',
      itemHoverBg: '#f5f7fa',
      itemSelectedBg: lighten(p, 0.9),
      itemSelectedColor: p,
      itemBorderRadius: 0,
      itemMarginInline: 0,
      activeBarBorderWidth: 0,
    },
  }),
  /** Night mode: frame and pages dark. */
  dark: (p) => ({
    dark: true,
    menuTheme: 'dark',
    tabs: 'card',
    marker: 'left',
    colors: {
      siderBg: '#141414',
      siderBorder: '#262626',
      brandBg: '#101010',
      brandColor: '#e8e8e8',
      headerBg: '#1c1c1e',
      headerColor: '#e6e6e6',
      headerMuted: '#a6a6a6',
      headerBorder: '#2a2a2c',
      headerHover: 'rgba(255, 255, 255, 0.08)',
      searchBg: '#2a2a2c',
      tabsBg: '#1c1c1e',
      tabBg: '#242426',
      tabColor: '#bfbfbf',
      tabBorder: '#333336',
      tabActiveBg: '#0a0a0a',
      tabActiveColor: lighten(p, 0.25),
      contentBg: '#0a0a0b',
      marker: p,
    },
    menu: {
      darkItemBg: '#141414',
      darkSubMenuItemBg: '#0c0c0c',
      darkPopupBg: '#1c1c1e',
      darkItemColor: 'rgba(255, 255, 255, 0.65)',
      darkItemHoverColor: '#ffffff',
      darkItemHoverBg: 'rgba(255, 255, 255, 0.06)',
      darkItemSelectedBg: alpha(p, 0.22),
      darkItemSelectedColor: lighten(p, 0.35),
      itemBorderRadius: 4,
    },
  }),
  /** A starry night sky behind sidebar and header (themes.css draws the stars), pill tabs. */
  star: () => ({
    dark: false,
    menuTheme: 'dark',
    tabs: 'pill',
    marker: 'none',
    colors: {
      siderBg: 'linear-gradient(180deg, #0b1437 0%, #1d1b4f 55%, #3a1c5c 100%)',
      siderBorder: 'transparent',
      brandBg: 'transparent',
      brandColor: '#f1efff',
      ...darkHeader('linear-gradient(90deg, #0b1437 0%, #241c5a 60%, #3a1c5c 100%)', '#eceaff'),
      tabsBg: '#151a40',
      tabBg: 'rgba(255, 255, 255, 0.08)',
      tabColor: '#c9cbe8',
      tabBorder: 'transparent',
      tabActiveBg: '#f1efff',
      tabActiveColor: '#241c5a',
      contentBg: '#eef0fa',
      marker: '#b9a8ff',
    },
    menu: {
      darkItemBg: 'transparent',
      darkSubMenuItemBg: 'rgba(0, 0, 0, 0.18)',
      darkPopupBg: '#1d1b4f',
      darkItemColor: 'rgba(226, 228, 255, 0.78)',
      darkItemHoverColor: '#ffffff',
      darkItemHoverBg: 'rgba(255, 255, 255, 0.08)',
      darkItemSelectedBg: 'rgba(185, 168, 255, 0.22)',
      darkItemSelectedColor: '#ffffff',
      itemBorderRadius: 20,
      itemMarginInline: 10,
    },
  }),
  /** 智能 (Saber's `theme-bule`): sidebar and header in gradients of the primary colour, rounded items. */
  intelligent: (p) => ({
    dark: false,
    menuTheme: 'dark',
    tabs: 'pill',
    marker: 'none',
    colors: {
      siderBg: `linear-gradient(180deg, ${p} 0%, ${darken(p, 0.5)} 100%)`,
      siderBorder: 'transparent',
      brandBg: 'transparent',
      brandColor: '#ffffff',
      ...darkHeader(`linear-gradient(90deg, ${p} 0%, ${lighten(p, 0.2)} 100%)`),
      tabsBg: '#ffffff',
      tabBg: lighten(p, 0.93),
      tabColor: darken(p, 0.35),
      tabBorder: 'transparent',
      tabActiveBg: p,
      tabActiveColor: '#ffffff',
      contentBg: lighten(p, 0.95),
      marker: '#ffffff',
    },
    menu: {
      darkItemBg: 'transparent',
      darkSubMenuItemBg: 'rgba(0, 0, 0, 0.12)',
      darkPopupBg: darken(p, 0.3),
      darkItemColor: 'rgba(255, 255, 255, 0.86)',
      darkItemHoverColor: '#ffffff',
      darkItemHoverBg: 'rgba(255, 255, 255, 0.12)',
      darkItemSelectedBg: 'rgba(255, 255, 255, 0.24)',
      darkItemSelectedColor: '#ffffff',
      itemBorderRadius: 8,
      itemMarginInline: 8,
    },
  }),
  /** iView Admin: slate sidebar with darker sub-menus, grey tag bar with dotted tags. */
  iview: (p) => ({
    dark: false,
    menuTheme: 'dark',
    tabs: 'dot',
    marker: 'right',
    colors: {
      siderBg: '#515a6e',
      siderBorder: 'transparent',
      brandBg: '#515a6e',
      brandColor: '#ffffff',
      ...lightHeader,
      headerColor: '#515a6e',
      headerMuted: '#808695',
      tabsBg: '#f0f0f0',
      tabBg: '#ffffff',
      tabColor: '#515a6e',
      tabBorder: '#e8eaec',
      tabActiveBg: '#ffffff',
      tabActiveColor: p,
      contentBg: '#f5f7f9',
      marker: p,
    },
    menu: {
      darkItemBg: '#515a6e',
      darkSubMenuItemBg: '#363e4f',
      darkPopupBg: '#363e4f',
      darkItemColor: 'rgba(255, 255, 255, 0.7)',
      darkItemHoverColor: '#ffffff',
      darkItemHoverBg: 'transparent',
      darkItemSelectedBg: '#363e4f',
      darkItemSelectedColor: lighten(p, 0.2),
      itemBorderRadius: 0,
      itemMarginInline: 0,
    },
  }),
  /** Black and gold. */
  vip: () => ({
    dark: false,
    menuTheme: 'dark',
    tabs: 'card',
    marker: 'left',
    colors: {
      siderBg: '#1b1b1f',
      siderBorder: 'transparent',
      brandBg: '#111113',
      brandColor: '#e6c36a',
      ...darkHeader('#1b1b1f', '#e6c36a'),
      headerBorder: '#d4af37',
      tabsBg: '#26262b',
      tabBg: '#2f2f35',
      tabColor: '#cdb98c',
      tabBorder: '#3a3a40',
      tabActiveBg: '#d4af37',
      tabActiveColor: '#1b1b1f',
      contentBg: '#f6f4ef',
      marker: '#f3d98b',
    },
    menu: {
      darkItemBg: '#1b1b1f',
      darkSubMenuItemBg: '#141416',
      darkPopupBg: '#1b1b1f',
      darkItemColor: '#cdb98c',
      darkItemHoverColor: '#f3d98b',
      darkItemHoverBg: 'rgba(212, 175, 55, 0.08)',
      darkItemSelectedBg: '#d4af37',
      darkItemSelectedColor: '#1b1b1f',
      itemBorderRadius: 2,
    },
  }),
  /** Deep teal gradient with cyan accents; a white header with a cyan stripe, underlined tabs. */
  cool: () => ({
    dark: false,
    menuTheme: 'dark',
    tabs: 'line',
    marker: 'left',
    colors: {
      siderBg: 'linear-gradient(165deg, #0f2027 0%, #203a43 50%, #2c5364 100%)',
      siderBorder: 'transparent',
      brandBg: 'transparent',
      brandColor: '#e6fbff',
      ...lightHeader,
      headerColor: '#203a43',
      headerMuted: '#4a6b76',
      tabsBg: '#ffffff',
      tabBg: 'transparent',
      tabColor: '#4a6b76',
      tabBorder: '#e3edf0',
      tabActiveBg: 'transparent',
      tabActiveColor: '#0a9ab8',
      contentBg: '#edf3f5',
      marker: '#00d4ff',
    },
    menu: {
      darkItemBg: 'transparent',
      darkSubMenuItemBg: 'rgba(0, 0, 0, 0.16)',
      darkPopupBg: '#203a43',
      darkItemColor: '#b9d7e0',
      darkItemHoverColor: '#ffffff',
      darkItemHoverBg: 'rgba(255, 255, 255, 0.06)',
      darkItemSelectedBg: 'rgba(0, 212, 255, 0.16)',
      darkItemSelectedColor: '#5ee7ff',
      itemBorderRadius: 0,
      itemMarginInline: 0,
    },
  }),
  /** D2Admin: frameless, the sidebar and header float over a soft gradient; tabs like browser tabs. */
  d2: (p) => ({
    dark: false,
    menuTheme: 'light',
    tabs: 'chrome',
    marker: 'none',
    colors: {
      siderBg: 'linear-gradient(180deg, rgba(255, 255, 255, 0.55), rgba(255, 255, 255, 0.25))',
      siderBorder: 'rgba(255, 255, 255, 0.7)',
      brandBg: 'transparent',
      brandColor: '#2f3542',
      ...lightHeader,
      headerBg: 'transparent',
      headerColor: '#2f3542',
      headerBorder: 'transparent',
      searchBg: 'rgba(255, 255, 255, 0.7)',
      tabsBg: 'transparent',
      tabBg: 'rgba(255, 255, 255, 0.5)',
      tabColor: '#57606f',
      tabBorder: 'transparent',
      tabActiveBg: '#ffffff',
      tabActiveColor: p,
      contentBg: 'linear-gradient(135deg, #dde6fb 0%, #f2f4fa 45%, #fbedf4 100%) fixed',
      marker: p,
    },
    menu: {
      itemBg: 'transparent',
      subMenuItemBg: 'transparent',
      itemColor: '#2f3542',
      itemHoverBg: 'rgba(255, 255, 255, 0.55)',
      itemSelectedBg: 'rgba(255, 255, 255, 0.9)',
      itemSelectedColor: p,
      itemBorderRadius: 6,
      itemMarginInline: 8,
      activeBarBorderWidth: 0,
    },
  }),
  /** HeyUI: a coloured logo block over a white sidebar whose selected item is a filled pill; round tabs. */
  hey: (p) => ({
    dark: false,
    menuTheme: 'light',
    tabs: 'pill',
    marker: 'none',
    colors: {
      siderBg: '#ffffff',
      siderBorder: '#eef0f4',
      brandBg: p,
      brandColor: '#ffffff',
      ...lightHeader,
      headerColor: '#3a3f51',
      tabsBg: '#f3f5f9',
      tabBg: '#ffffff',
      tabColor: '#3a3f51',
      tabBorder: 'transparent',
      tabActiveBg: p,
      tabActiveColor: '#ffffff',
      contentBg: '#f3f5f9',
      marker: p,
    },
    menu: {
      itemBg: '#ffffff',
      subMenuItemBg: '#ffffff',
      itemColor: '#3a3f51',
      itemHoverBg: lighten(p, 0.92),
      itemSelectedBg: p,
      itemSelectedColor: '#ffffff',
      itemBorderRadius: 8,
      itemMarginInline: 10,
      activeBarBorderWidth: 0,
    },
  }),
  /** AdminLTE: header in the primary colour, dark slate sidebar with a bar left of the selected item. */
  lte: (p) => ({
    dark: false,
    menuTheme: 'dark',
    tabs: 'box',
    marker: 'left',
    colors: {
      siderBg: '#222d32',
      siderBorder: 'transparent',
      brandBg: darken(p, 0.12),
      brandColor: '#ffffff',
      ...darkHeader(p),
      tabsBg: '#ffffff',
      tabBg: '#f4f4f4',
      tabColor: '#444444',
      tabBorder: '#d2d6de',
      tabActiveBg: '#ffffff',
      tabActiveColor: '#222d32',
      contentBg: '#ecf0f5',
      marker: p,
    },
    menu: {
      darkItemBg: '#222d32',
      darkSubMenuItemBg: '#2c3b41',
      darkPopupBg: '#222d32',
      darkItemColor: '#b8c7ce',
      darkItemHoverColor: '#ffffff',
      darkItemHoverBg: '#1e282c',
      darkItemSelectedBg: '#1e282c',
      darkItemSelectedColor: '#ffffff',
      itemBorderRadius: 0,
      itemMarginInline: 0,
    },
  }),
};

const isThemeName = (name: string): name is ThemeName => (THEME_NAMES as readonly string[]).includes(name);

/** The skin of that name (the default one for a name it does not know) in that primary colour. */
export function shellTheme(name: string, primary: string): ShellTheme {
  const known = isThemeName(name) ? name : 'default';
  return { name: known, ...definitions[known](primary) };
}

const cssName = (key: string) => `--sx-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** `{ siderBg: '#fff' }` → `{ '--sx-sider-bg': '#fff' }`, for the shell's style attribute. */
export function cssVariables(colors: FrameColors, primary: string): Record<string, string> {
  const vars: Record<string, string> = { '--sx-primary': primary };
  for (const [key, value] of Object.entries(colors)) vars[cssName(key)] = value;
  return vars;
}
