export * from './snapshot';
// The guards go out as one namespace: their short names (hasOffer, isFunded, …) would crowd the package root.
export { CLIENT_GUARDS, type TClientGuard, type TClientGuardName } from './guards';
export * as clientGuards from './guards';
export * from './client-machine';
export * from './progress';
export * from './chat/setup';
export * from './chat/machine';
