import { flattenPermissions, type LoginResponse, type MenuNode } from '@shixun/contracts';
import { logout } from '../api/auth.ts';
import { fetchMenuButtons, fetchMenuRoutes } from '../api/system.ts';
import { userApi } from '../api/user.ts';
import { useAuth } from '../stores/auth.ts';
import { useLock } from '../stores/lock.ts';
import { clearSession } from '../stores/session.ts';
import { useTabs } from '../stores/tabs.ts';
import { normalizeMenu } from './menu.ts';

export const MENU_QUERY_KEY = ['session', 'menu'] as const;

/** Store a fresh login: tokens and user; the previous session's tabs and lock do not carry over. */
export function completeSignIn(res: LoginResponse): void {
  useAuth.getState().signIn(res);
  useTabs.getState().closeAll();
  useLock.getState().clear();
}

/** The sidebar tree and the button permissions, loaded together after sign-in and on every app start. */
export async function loadMenu(): Promise<MenuNode[]> {
  const [routes, buttons] = await Promise.all([fetchMenuRoutes(), fetchMenuButtons()]);
  const menu = normalizeMenu(routes);
  useAuth.getState().setMenu(menu);
  useAuth.getState().setPermission(flattenPermissions(buttons));
  return menu;
}

/**
 * How the menu is kept fresh: grants change while people work, so the sidebar and buttons are reloaded when the
 * window regains focus (at most once a minute) and whenever the server refuses something (see UiBridge).
 */
export const menuQuery = {
  queryKey: MENU_QUERY_KEY,
  queryFn: loadMenu,
  staleTime: 60_000,
  refetchOnWindowFocus: true,
} as const;

/** The signed-in user's own record: 个人信息 edits it; the home page names the user's roles from it. */
export const ownInfoQuery = { queryKey: ['user', 'info'], queryFn: userApi.info } as const;

/** Revoke the session on the server, then forget it here even if the server could not be reached. */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } finally {
    clearSession();
  }
}
