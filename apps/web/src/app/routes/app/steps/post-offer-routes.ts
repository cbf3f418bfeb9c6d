/**
 * The step screens after the offer choice (issue 5, second half): product/assets,
 * product/prequal-winback, start/contact, the additional profile, start/hmda, start/app-summary,
 * document/disclosures and the error/* pages. Add one `stepRoute(...)` per screen (see step-route.ts;
 * `{ statusRouted: false }` for pages the status guard must never move, such as the disclosures).
 */
import type { RouteObject } from 'react-router';

export const postOfferRoutes: RouteObject[] = [];
