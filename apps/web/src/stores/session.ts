import { useAuth } from './auth.ts';
import { useLock } from './lock.ts';
import { useTabs } from './tabs.ts';

/** Local sign-out (Saber's FedLogOut): token, user, menu, permissions, tabs and lock all go. */
export function clearSession(): void {
  useAuth.getState().clear();
  useTabs.getState().closeAll();
  useLock.getState().clear();
}
