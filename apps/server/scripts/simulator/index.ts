/** The sandbox driver (`npm run simulate`): see driver.ts. */
export * from './model';
export { simulate } from './driver';
