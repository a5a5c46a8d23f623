import { refreshToken } from '../api/auth.ts';
import { website } from '../config.ts';
import { useAuth } from '../stores/auth.ts';

let refreshing = false;

/** One check of the timer: refresh when the stored token has reached `tokenTime` seconds, never twice at once. */
export async function checkToken(now = Date.now()): Promise<void> {
  const { accessToken, refreshToken: refresh, tenantId, savedAt } = useAuth.getState();
  if (refreshing || !accessToken || !refresh) return;
  if ((now - savedAt) / 1000 < website.tokenTime) return;
  refreshing = true;
  try {
    const res = await refreshToken(refresh, tenantId);
    // Only if nobody signed out or in while the request was in flight.
    if (useAuth.getState().refreshToken === refresh) useAuth.getState().signIn(res);
  } catch {
    // The client has shown the error (or signed out on 401); the next tick tries again.
  } finally {
    refreshing = false;
  }
}

/** SPEC §4: while the app runs, check the token age every 10 s. Returns the stop function. */
export function startTokenRefresh(): () => void {
  const id = setInterval(() => void checkToken(), website.tokenCheckInterval);
  return () => clearInterval(id);
}
