/**
 * Public surface of the shell feature (spec 1 §2 "Shared navigation", spec 2 §2): the signed-in
 * navigation (a lazy chunk), the visitor's sign-in link, the debug view and the DDP_Pilot capture that
 * runs at start. Only what the root layout needs is here, so nothing heavy reaches the first screen; the
 * application page imports the loan officer card from `components/loan-officer/loan-officer` itself.
 */
import { lazy } from 'react';
import { lazyRoute } from '@/lib/lazy-route';

// A chunk that fails to load (a deploy replaced it) reloads the page, like the lazy routes do.
const signedInShell = lazyRoute(() => import('./components/signed-in-shell'));

export const ShellTopBarStart = lazy(() => signedInShell().then((m) => ({ default: m.ShellTopBarStart })));
export const ShellTopBarEnd = lazy(() => signedInShell().then((m) => ({ default: m.ShellTopBarEnd })));
export const ShellSidebar = lazy(() => signedInShell().then((m) => ({ default: m.ShellSidebar })));

export { VisitorActions } from './components/visitor-actions';
export { DebugView } from './components/debug-view';
export { captureDdpPilot } from './utils/ddp-pilot';
