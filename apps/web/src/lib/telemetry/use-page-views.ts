import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { setTelemetryIdentity, trackPageView } from './index';

/**
 * A page view on every route change (path changes only: a new query value on the same screen is not a
 * new page), and the signed-in identity for later events. Used by the root layout of both routers.
 */
export function useTelemetryPageViews(identityId: string | null): void {
  const { pathname } = useLocation();
  useEffect(() => setTelemetryIdentity(identityId), [identityId]);
  useEffect(() => trackPageView(), [pathname]);
}
