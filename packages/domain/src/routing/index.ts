export * from './status-names';
export * from './routing-table';
export * from './client-state-routes';
export * from './resolve-destination';
export * from './step-paths';
