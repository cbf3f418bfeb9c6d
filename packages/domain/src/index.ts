export * from './us-states';
export * from './organisation';
export * from './http';
export * from './footer';
export * from './enums';
export * from './constants';
export * from './schemas';
export * from './format';
