/** Entry point: read the organisation once, configure the HTTP client, render the page. */
import './global-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isAppPathname } from '@/config/paths';
import { readOrgData } from '@/platform/org';
import { captureDdpPilot } from '@/features/shell';
import { setApiOrgCode } from '@/lib/api-client';
import { startTelemetry } from '@/lib/telemetry';
import { consumeTokenFragment } from '@/lib/token-fragment';
import { nextTask } from '@/lib/next-task';
import { App, createAppRouting } from './app';

const PRODUCT_TITLE = 'Home Equity Line of Credit';

const org = readOrgData();
if (org) {
  setApiOrgCode(org.orgCode);
  document.title = `${org.orgBrand.name} | ${PRODUCT_TITLE}`;
}
if (!document.documentElement.lang) document.documentElement.lang = 'en';
// Before the routers start: their guards read the session the identity-broker redirect hands over.
consumeTokenFragment();
// Spec 1 §2: DDP_Pilot is stored, then leaves the URL, before the routers read it.
captureDdpPilot();
// Page views, key events and error reports; its client loads when the browser is idle.
if (org) startTelemetry();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const scope = isAppPathname(window.location.pathname) ? 'app' : 'host';

// Three tasks instead of one (issue 17): evaluating the page's modules, creating the router (which
// starts the first route's loaders and chunk), and the first render each block a phone's main thread
// for ~100 ms or more; in between, the browser may handle a tap and paint. A function rather than a
// top-level await: an entry module that awaits makes the bundler move the modules the lazy chunks
// share with it into chunks of their own (four more files and ~1.3 KB on the first screen).
async function start(root: HTMLElement) {
  await nextTask();
  const routing = org ? createAppRouting(scope) : undefined;
  await nextTask();
  createRoot(root).render(
    <StrictMode>
      <App org={org} scope={scope} routing={routing} />
    </StrictMode>,
  );
}

void start(container);
