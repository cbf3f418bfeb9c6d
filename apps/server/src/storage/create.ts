/** The configured FileStorage (config.fileStorage): S3 is imported only when chosen. */
import type { Config } from '../config';
import type { Database } from '../db';
import type { FileStorage } from './index';
import { LocalFileStorage } from './local';
import { PostgresFileStorage } from './postgres';

export async function createFileStorage(config: Config, db: Database): Promise<FileStorage> {
  const choice = config.fileStorage;
  switch (choice.kind) {
    case 'local':
      return new LocalFileStorage(config.filesDir);
    case 'postgres':
      return new PostgresFileStorage(db);
    case 's3': {
      const { S3FileStorage } = await import('./s3');
      return new S3FileStorage(choice);
    }
  }
}
