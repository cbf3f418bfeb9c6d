/**
 * A status-routed step's loader applies the guard's rule before the screen renders (spec 1 §4): a link,
 * a bookmark or Back to a step the status does not resolve to never draws that screen, not even for a
 * frame; the frame's index never draws its loader when the status names a screen.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { APP_BASENAME } from '@/config/paths';
import { stepHandle } from '@/platform/application-flow/step-handle';
import { flowRoute, mockFlowApi } from '@/testing/application-flow';
import { APPLICATION_UUID, STATUS_ROUTE, statusAnswer } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { stepLoader, stepRoute } from './step-route';

const screenModule = (name: string) => async () => ({ Component: () => <h1>{name}</h1> });

const frameIndex = stepHandle('');
const routes: RouteObject[] = [
  flowRoute([
    { index: true, handle: frameIndex, loader: stepLoader(frameIndex), Component: () => <h1>index</h1> },
    stepRoute('liens', screenModule('liens')),
    stepRoute('product/select', screenModule('offers')),
    stepRoute('start/profile', screenModule('profile'), { alsoWhen: ['review-app/datatree'] }),
    stepRoute('credit/social', screenModule('social')),
    stepRoute('review-app/datatree', screenModule('datatree')),
  ]),
];

/** Opens `url` and records every heading the DOM ever shows (a MutationObserver sees each change). */
async function open(url: string, options: { basename?: string } = {}) {
  const drawn = new Set<string>();
  const watcher = new MutationObserver(() => {
    for (const heading of document.querySelectorAll('h1')) drawn.add(heading.textContent ?? '');
  });
  watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
  const view = renderRoutes({ scope: 'app', url, routes, ...options });
  return { ...view, drawn, stop: () => watcher.disconnect() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a status-routed step route', () => {
  it('opened at another status goes to the right screen before drawing its own (the page’s basename)', async () => {
    mockFlowApi('LIEN_VERIFICATION');
    const page = await open(`${APP_BASENAME}/${APPLICATION_UUID}/product/select`, { basename: APP_BASENAME });
    try {
      expect(await screen.findByRole('heading', { name: 'liens' })).toBeInTheDocument();
    } finally {
      page.stop();
    }
    expect(page.router.state.location.pathname).toBe(`${APP_BASENAME}/${APPLICATION_UUID}/liens`);
    expect([...page.drawn]).toEqual(['liens']);
  });

  it('the frame’s index leads straight to the screen, without drawing itself', async () => {
    mockFlowApi('LIEN_VERIFICATION');
    const page = await open(`/${APPLICATION_UUID}`);
    try {
      expect(await screen.findByRole('heading', { name: 'liens' })).toBeInTheDocument();
    } finally {
      page.stop();
    }
    expect([...page.drawn]).toEqual(['liens']);
  });

  it('stays where the status allows it: its own destination, or one of its alsoWhen', async () => {
    mockFlowApi('LIEN_VERIFICATION');
    const own = await open(`/${APPLICATION_UUID}/liens`);
    expect(await screen.findByRole('heading', { name: 'liens' })).toBeInTheDocument();
    own.stop();
    expect(own.router.state.location.pathname).toBe(`/${APPLICATION_UUID}/liens`);
    own.unmount();

    // The profile stays open while the datatree page is the destination (spec 1 §4: the borrower
    // corrects the property there and submits again).
    mockFlowApi('IN_PROGRESS').on(STATUS_ROUTE, statusAnswer('IN_PROGRESS', { datatreeNoMatch: true }));
    const also = await open(`/${APPLICATION_UUID}/start/profile`);
    expect(await screen.findByRole('heading', { name: 'profile' })).toBeInTheDocument();
    also.stop();
    expect(also.router.state.location.pathname).toBe(`/${APPLICATION_UUID}/start/profile`);
    expect([...also.drawn]).toEqual(['profile']);
  });

  it('leaves a waiting status to the guard, which polls it (the screen opens; nothing is decided yet)', async () => {
    mockFlowApi('LIEN_VERIFICATION').on(STATUS_ROUTE, statusAnswer('WAITING_FOR_CREDIT'));
    const page = await open(`/${APPLICATION_UUID}/credit/social`);
    expect(await screen.findByRole('heading', { name: 'social' })).toBeInTheDocument();
    page.stop();
    expect(page.router.state.location.pathname).toBe(`/${APPLICATION_UUID}/credit/social`);
  });
});
