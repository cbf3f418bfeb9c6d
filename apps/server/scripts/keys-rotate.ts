/**
 * Re-seals every sealed field (SSNs, freeze PINs, account numbers) under a new key version
 * (apps/server/src/engine/key-rotation.ts). Usage: npm run keys:rotate [-- --json]
 * Reads the same configuration as the server (DATA_DIR or DATABASE_URL, DATA_ENCRYPTION_KEY and,
 * when the secret itself was replaced, DATA_ENCRYPTION_KEY_PREVIOUS). Stop a running embedded
 * server first (PGlite admits one process); on PostgreSQL it may run while instances serve, which
 * seal under the new version once restarted (values they seal meanwhile stay readable; run again).
 */
import { parseArgs } from 'node:util';
import { loadConfig, resolveDataEncryptionKey } from '../src/config';
import { openDatabase } from '../src/db';
import { rotateDataKey } from '../src/engine/key-rotation';

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
const config = loadConfig();
const secret = await resolveDataEncryptionKey(config);
const database = await openDatabase(config.database);
try {
  await database.migrate();
  const result = await rotateDataKey(database.db, secret, config.previousDataEncryptionKeys);
  if (values.json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    console.log(`Key version ${result.previousVersion} → ${result.version}`);
    for (const [field, count] of Object.entries(result.resealed))
      console.log(`  ${field}: ${count} re-sealed`);
  }
} finally {
  await database.close();
}
