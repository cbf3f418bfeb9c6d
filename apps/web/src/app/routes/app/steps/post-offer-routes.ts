/**
 * The step screens after the offer choice (issue 5, second half), each a lazy route under the
 * application frame, routed by the server status (spec 1 §2, §4). The screens share one chunk (the
 * submission feature); the PDF viewer stays in its own.
 *
 * - start/additional-profile: spec 1 §2 names an additional-profile screen without its path. It is
 *   the second half of "Provide More Info" (status COLLECT_ADDITIONAL_INFO, destination start/contact),
 *   so it stays open while start/contact is the destination.
 * - The decline pages are status-routed too, so a decline reached by a reload lands on the right one;
 *   the timeout page is not (see below).
 * - document/disclosures is opened from the summary and is never moved by the guard.
 */
import type { RouteObject } from 'react-router';
import { stepRoute } from './step-route';

const screens = () => import('@/features/submission');

export const postOfferRoutes: RouteObject[] = [
  stepRoute('product/assets', () => screens().then((m) => ({ Component: m.AssetDepletionStep }))),
  stepRoute('product/prequal-winback', () => screens().then((m) => ({ Component: m.PrequalWinbackStep }))),
  stepRoute('start/contact', () => screens().then((m) => ({ Component: m.ContactStep }))),
  stepRoute(
    'start/additional-profile',
    () => screens().then((m) => ({ Component: m.AdditionalProfileStep })),
    {
      alsoWhen: ['start/contact'],
    },
  ),
  stepRoute('start/hmda', () => screens().then((m) => ({ Component: m.HmdaStep }))),
  stepRoute('start/app-summary', () => screens().then((m) => ({ Component: m.AppSummaryStep }))),
  stepRoute('document/disclosures', () => screens().then((m) => ({ Component: m.DisclosuresPage })), {
    statusRouted: false,
  }),
  stepRoute('error/decline', () => screens().then((m) => ({ Component: m.DeclineGeneric }))),
  stepRoute('error/credit', () => screens().then((m) => ({ Component: m.DeclineCredit }))),
  stepRoute('error/income', () => screens().then((m) => ({ Component: m.DeclineIncome }))),
  // Not moved by the guard: the status it gave up on may still be a waiting one, and polling it
  // again at once would take the page away; "Check again" routes by the status anew.
  stepRoute('error/timeout', () => screens().then((m) => ({ Component: m.TimeoutError })), {
    statusRouted: false,
  }),
];
