export * from './us-states';
export * from './organisation';
export * from './http';
