import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database, port 3000 and the main lender outside production', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.defaultOrgCode).toBe('MAIN');
    expect(config.orgQueryParam).toBe(true);
    expect(config.seedDemoData).toBe(true);
  });

  it('production turns off ?org, the default organisation and the demo accounts', () => {
    const config = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' });
    expect(config.defaultOrgCode).toBeNull();
    expect(config.orgQueryParam).toBe(false);
    expect(config.seedDemoData).toBe(false);
  });

  it('e-mail goes to the database outbox by default and through SMTP in production', () => {
    expect(loadConfig({}).mail.transport).toBe('outbox');
    const production = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtps://u:p@mail.example' });
    expect(production.mail).toEqual({
      transport: 'smtp',
      smtpUrl: 'smtps://u:p@mail.example',
      from: 'HELOC <no-reply@heloc.test>',
    });
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('SMTP_URL is required');
    expect(loadConfig({ NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox' }).mail.transport).toBe('outbox');
  });

  it('DATABASE_URL switches to a PostgreSQL server', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@127.0.0.1:5432/db',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ ORG_QUERY_PARAM: 'yes' }, 'ORG_QUERY_PARAM'],
    [{ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'http://x' }, 'SMTP_URL must start with smtp:// or smtps://'],
  ])('rejects %o with a message naming the problem', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('documents go where every instance reads them once the database is shared', () => {
    const url = 'postgres://u@127.0.0.1:5432/db';
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'local' });
    expect(loadConfig({ DATABASE_URL: url }).fileStorage).toEqual({ kind: 'postgres' });
    expect(loadConfig({ DATABASE_URL: url }).filesSplitAcrossInstances).toBe(false);
    expect(loadConfig({ DATABASE_URL: url }).rateLimitStore).toBe('database');
    expect(loadConfig({}).rateLimitStore).toBe('memory');
    expect(loadConfig({ DATABASE_URL: url, S3_BUCKET: 'docs' }).fileStorage).toMatchObject({
      kind: 's3',
      bucket: 'docs',
    });
    // An explicit FILES_DIR with a shared database and no storage chosen: kept, and /readyz reports it.
    const split = loadConfig({ DATABASE_URL: url, FILES_DIR: '/srv/files' });
    expect(split.fileStorage).toEqual({ kind: 'local' });
    expect(split.filesSplitAcrossInstances).toBe(true);
    expect(
      loadConfig({ DATABASE_URL: url, FILES_DIR: '/srv/files', FILE_STORAGE: 'local' })
        .filesSplitAcrossInstances,
    ).toBe(false);
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow('S3_BUCKET is required');
  });
});
