import type { ThemeConfig } from 'antd';
import { skins } from './skins.ts';

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

/** Colours offered at a click in the theme drawer (any other is one pick away); the first is the default. */
export const THEME_COLORS = [
  '#409EFF',
  '#1677ff',
  '#2f54eb',
  '#722ed1',
  '#eb2f96',
  '#f5222d',
  '#fa541c',
  '#faad14',
  '#13c2c2',
  '#52c41a',
  '#2b3a4a',
] as const;

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

const isThemeName = (name: string): name is ThemeName => (THEME_NAMES as readonly string[]).includes(name);

/** The skin of that name (the default one for a name it does not know) in that primary colour. */
export function shellTheme(name: string, primary: string): ShellTheme {
  const known = isThemeName(name) ? name : 'default';
  return { name: known, ...skins[known](primary) };
}

const cssName = (key: string) => `--sx-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** `{ siderBg: '#fff' }` → `{ '--sx-sider-bg': '#fff' }`, for the shell's style attribute. */
export function cssVariables(colors: FrameColors, primary: string): Record<string, string> {
  const vars: Record<string, string> = { '--sx-primary': primary };
  for (const [key, value] of Object.entries(colors)) vars[cssName(key)] = value;
  return vars;
}
