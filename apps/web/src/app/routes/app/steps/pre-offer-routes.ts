/**
 * The step screens from the basic info to the offer choice (issue 5, first half), each a lazy route
 * module under the application frame and routed by the server status (spec 1 §2, §4).
 */
import type { RouteObject } from 'react-router';

export const preOfferRoutes: RouteObject[] = [];
