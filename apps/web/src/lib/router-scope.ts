import { createContext, useContext } from 'react';

/**
 * Which router renders the page: the borrower app (basename /account/heloc) or the host pages outside it.
 * Links into the app differ between the two (client navigation vs. a document load).
 */
export type RouterScope = 'app' | 'host';

export const RouterScopeContext = createContext<RouterScope>('app');

export function useRouterScope(): RouterScope {
  return useContext(RouterScopeContext);
}
