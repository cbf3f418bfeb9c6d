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
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.defaultOrgCode).toBeNull();
    expect(config.orgQueryParam).toBe(false);
    expect(config.seedDemoData).toBe(false);
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
  ])('rejects %o with a message naming the problem', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
