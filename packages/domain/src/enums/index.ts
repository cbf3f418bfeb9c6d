/**
 * Every enumeration of spec 1 §3/§4 and spec 2 §3/§4/§5, once: an `as const` array (the order is
 * meaningful where the comment says so), its zod enum and its type. Values the spec leaves out (BPO
 * and title statuses, ownership, co-deed status, message roles) are our own and say so.
 */
export * from './conditions';
export * from './borrower';
export * from './property';
export * from './decisions';
export * from './documents';
export * from './application-steps';
export * from './client-states';
export * from './communication';
