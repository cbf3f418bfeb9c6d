/** Work to finish before the process exits on SIGTERM (flushing traces); server.ts runs them. */
export const beforeExit: (() => Promise<void>)[] = [];
