import type { MenuNode } from '@shixun/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSettings } from '../stores/settings.ts';
import { useShellUi } from './layout/shell-ui.ts';
import { menuLabel } from './menu.ts';
import { menuTarget } from './menu-nav.ts';
import { screenClass } from './useScreen.ts';

/**
 * Opens a menu item the way the sidebar does (SPEC §2): isOpen = 2 in a new window, an external address in the
 * embedded page, a page by its route. On small screens the sidebar then gets out of the way.
 */
export function useOpenMenu(): (node: MenuNode) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (node) => {
    const target = menuTarget(node, menuLabel(node, t));
    if (target.kind === 'invalid') return;
    if (target.kind === 'window') {
      window.open(target.url, '_blank', 'noopener,noreferrer');
      return;
    }
    navigate(target.to);
    const screen = screenClass(window.innerWidth);
    if (screen === 0 && useShellUi.getState().panel === 'drawer') useShellUi.getState().close();
    else if (screen === 1) useSettings.getState().setCollapsed(true);
  };
}
