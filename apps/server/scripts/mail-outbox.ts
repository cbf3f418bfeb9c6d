/**
 * Prints the e-mail outbox (MAIL_TRANSPORT=outbox, the embedded default): the messages the product
 * would have sent, newest first, so invitation links can be followed on a machine without a mail server.
 * Usage: npm run mail:outbox [-- --to someone@example.com] [--limit 20] [--json]
 * Reads the same database as the server (DATA_DIR or DATABASE_URL); stop a running embedded server
 * first, PGlite admits one process at a time.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { readOutbox } from '../src/mail';

const { values } = parseArgs({
  options: {
    to: { type: 'string' },
    limit: { type: 'string', default: '20' },
    json: { type: 'boolean', default: false },
  },
});
const limit = Number(values.limit);
if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
  console.error('--limit must be a whole number from 1 to 1000');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  const entries = await readOutbox(database.db, { ...(values.to && { to: values.to }), limit });
  if (values.json) {
    console.log(JSON.stringify(entries, null, 2));
  } else if (entries.length === 0) {
    console.log(values.to ? `No e-mail to ${values.to} in the outbox.` : 'The outbox is empty.');
  } else {
    for (const entry of entries) {
      console.log(`── ${entry.createdAt.toISOString()} · to ${entry.to} · from ${entry.from}`);
      console.log(`Subject: ${entry.subject}`);
      console.log('');
      console.log(entry.text.trimEnd());
      console.log('');
    }
  }
} finally {
  await database.close();
}
