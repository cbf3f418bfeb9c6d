/**
 * product/select, loaded on its own: the offer screen (its figures, the cost-over-time chart) is not part
 * of the chunk the first screens share with the basic info (ProfileStep comes from the same feature).
 */
import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';

const Screen = lazy(() => import('./offer-select').then((module) => ({ default: module.OfferSelect })));

export function OfferSelect() {
  return (
    <Suspense fallback={<Loader aria-label="Loading your offers" />}>
      <Screen />
    </Suspense>
  );
}
