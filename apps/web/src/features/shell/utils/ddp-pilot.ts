/**
 * DDP_Pilot query parameter (spec 1 §2, spec 2 §2): its value is stored in local storage under
 * 'DDP_Pilot', then the parameter leaves the address bar (history.replaceState, no reload); every other
 * parameter, the path and the fragment stay. Runs once at start, before the routers read the URL.
 */
import { DDP_PILOT_STORAGE_KEY, QUERY_PARAMS } from '@heloc/domain';

interface DdpPilotDeps {
  location: Pick<Location, 'href'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<Storage, 'setItem'>;
}

/** Returns the stored value, or null when the URL had no DDP_Pilot parameter. */
export function captureDdpPilot(
  deps: DdpPilotDeps = { location: window.location, history: window.history, storage: localStorage },
): string | null {
  const url = new URL(deps.location.href);
  if (!url.searchParams.has(QUERY_PARAMS.ddpPilot)) return null;
  const value = url.searchParams.get(QUERY_PARAMS.ddpPilot) ?? '';
  try {
    deps.storage.setItem(DDP_PILOT_STORAGE_KEY, value);
  } catch {
    // Storage unavailable: the parameter is still removed, as the spec asks.
  }
  url.searchParams.delete(QUERY_PARAMS.ddpPilot);
  // Keep the router's history state so a back navigation still restores this entry correctly.
  deps.history.replaceState(deps.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return value;
}
