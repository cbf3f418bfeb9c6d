/**
 * The screen for an application (spec 1 §4): the routing table first, else the client machine's
 * state and its route, else '/'.
 */
import { resolveClientState } from '../machine/client-machine';
import type { TApplicationSnapshot } from '../machine/snapshot';
import { CLIENT_STATE_ROUTES } from './client-state-routes';
import { routeForStatus } from './routing-table';
import { APP_INDEX_DESTINATION, type TDestination } from './step-paths';

/** The app index; it sends the borrower on to the dashboard. */
export const FALLBACK_DESTINATION: TDestination = APP_INDEX_DESTINATION;

/**
 * Destination relative to /account/heloc/{uuid}/ ('/' is the app index).
 *
 * Without a profile the machine has nothing to place the borrower with (it would only ever rest in
 * profile), so an unrouted status then ends the chain at '/'; spec 1 §4 sends a missing profile or
 * application to the dashboard, which the app index does.
 */
export function resolveDestination(snapshot: TApplicationSnapshot): TDestination {
  const { application, status, statusName, profile } = snapshot;
  const routed = routeForStatus({
    statusName,
    status,
    application,
    propertyState: application.property?.state ?? null,
    isCrypto: application.isCrypto,
  });
  if (routed !== null) return routed;
  if (profile === null) return FALLBACK_DESTINATION;
  return CLIENT_STATE_ROUTES[resolveClientState(snapshot)];
}
