import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { website } from '../config.ts';
import { useAuth } from '../stores/auth.ts';
import { useLock } from '../stores/lock.ts';

export interface RouteHandle {
  /** Reachable without signing in. */
  public?: boolean;
  /** A static page inside the shell: the catalog key of its tab and window title. */
  title?: string;
}

/**
 * The route guard (SPEC §2): a `?token=` is adopted and dropped from the address; with a token, a locked screen
 * sends everything to /lock and /login goes home; without one, only public routes open.
 */
export function Guard() {
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const token = useAuth((s) => s.accessToken);
  const locked = useLock((s) => s.locked);

  const queryToken = new URLSearchParams(location.search).get('token');
  useEffect(() => {
    if (!queryToken) return;
    useAuth.getState().adoptToken(queryToken);
    const params = new URLSearchParams(location.search);
    params.delete('token');
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [queryToken, navigate, location.pathname, location.search, location.hash]);
  if (queryToken) return null;

  const isPublic = matches.some((m) => (m.handle as RouteHandle | undefined)?.public);
  if (token) {
    if (locked && location.pathname !== website.lockPath) return <Navigate to={website.lockPath} replace />;
    // Signing in lands on the page that sent the visitor to sign in (a class QR code's link), else home.
    if (location.pathname === website.loginPath) return <Navigate to={returnTo(location.state) ?? '/'} replace />;
  } else if (!isPublic) {
    return <Navigate to={website.loginPath} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

/** The page the guard sent a visitor from, when it is a path of this site (never another origin). */
export function returnTo(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  // Browsers read `/\host` like `//host`: both would name another origin.
  return typeof from === 'string' && /^\/(?![/\\])/.test(from) ? from : undefined;
}

/** The catalog key of the current static page's title, when the route declares one. */
export function useStaticTitle(): string | undefined {
  return useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
}
