import { describe, expect, it } from 'vitest';
import { STEP_ROUTES } from '@heloc/domain';
import { closingRoutes } from './closing-routes';
import { postOfferRoutes } from './post-offer-routes';
import { preOfferRoutes } from './pre-offer-routes';

const stepRoutes = [...preOfferRoutes, ...postOfferRoutes, ...closingRoutes];

describe('the step routes', () => {
  it('are the domain registry of step paths, each once: no screen without a registered path, none missing', () => {
    // The redirect-only routes (bank → the frame, income/link → income/review) are no screens.
    const screens = stepRoutes.filter((route) => route.lazy !== undefined).map((route) => route.path);
    expect([...screens].sort()).toEqual([...STEP_ROUTES].sort());
  });
});
