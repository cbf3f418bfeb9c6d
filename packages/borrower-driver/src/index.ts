/**
 * @heloc/borrower-driver: one borrower driver for `npm run simulate`, the server's integration helpers
 * and the browser tests' set-up. The transport is injected (Fastify `inject` or HTTP); the borrower's
 * answers per status live once, in moves.ts.
 */
export * from './transport';
export * from './client';
export * from './files';
export * from './plan';
export * from './closing-steps';
export * from './moves';
export * from './walk';
