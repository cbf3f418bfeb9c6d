export {
  openDatabase,
  rowsOf,
  type Database,
  type DatabaseHandle,
  type Executor,
  type DatabaseTarget,
} from './client';
export * as schema from './schema';
