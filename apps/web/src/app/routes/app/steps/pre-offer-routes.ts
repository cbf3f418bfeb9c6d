/**
 * The step screens from the basic info to the offer choice (issue 5, first half), each a lazy route
 * under the application frame, routed by the server status (spec 1 §2, §4). Screens of one group share
 * a chunk (the feature's components); the route modules only pick the screen.
 */
import type { RouteObject } from 'react-router';
import { stepRoute } from './step-route';

const screens = () => import('@/features/pre-offer');
const engine = () => import('@/features/pre-offer/api/engine');

export const preOfferRoutes: RouteObject[] = [
  // The profile stays open while the datatree page is the destination: the borrower corrects the
  // property there and submits again (IN_PROGRESS with datatreeNoMatch).
  stepRoute('start/profile', () => import('./start-profile'), { alsoWhen: ['review-app/datatree'] }),
  stepRoute('credit/social', () => screens().then((m) => ({ Component: m.CreditSocial }))),
  stepRoute('credit/error', () => screens().then((m) => ({ Component: m.CreditError }))),
  stepRoute('review-app/incorrect-pin', () => screens().then((m) => ({ Component: m.IncorrectPin }))),
  stepRoute('review-app/no-credit', () => screens().then((m) => ({ Component: m.NoCredit }))),
  stepRoute('review-app/property', () => import('./review-property'), {
    data: async (queryClient, uuid) =>
      queryClient.ensureQueryData((await engine()).propertiesQueryOptions(uuid)),
  }),
  stepRoute('review-app/uw', () => screens().then((m) => ({ Component: m.UnderwritingReview }))),
  stepRoute('review-app/delinquency', () => screens().then((m) => ({ Component: m.Delinquency }))),
  stepRoute('review-app/incorrect-ownership', () =>
    screens().then((m) => ({ Component: m.IncorrectOwnership })),
  ),
  stepRoute('review-app/datatree', () => screens().then((m) => ({ Component: m.DatatreeTimeout }))),
  stepRoute('review-app/signdocs', () => screens().then((m) => ({ Component: m.SignDocsTimeout }))),
  stepRoute('liens', () => screens().then((m) => ({ Component: m.LiensStep })), {
    data: async (queryClient, uuid) => queryClient.ensureQueryData((await engine()).liensQueryOptions(uuid)),
  }),
  // The offer screen is its own route module, not part of the feature's shared chunk (its figures and
  // the cost-over-time chart's loader are for this screen only), and the route waits for it with its
  // offers: the screen draws once, with them. As a lazy component inside the feature's chunk it drew a
  // loader first and the screen one render later, the longest task of the page on a phone (issue 17).
  stepRoute(
    'product/select',
    () => import('@/features/pre-offer/components/offer-select').then((m) => ({ Component: m.OfferSelect })),
    {
      data: async (queryClient, uuid) =>
        queryClient.ensureQueryData((await engine()).offersQueryOptions(uuid)),
    },
  ),
];
