/**
 * The demo borrower's application shell, run after the demo borrower exists: a loan officer on
 * their MAIN application (the card shows Jordan Reyes) and two notifications in the bell, added
 * once (a borrower who already has notifications gets no more).
 */
import type { Database } from '../db';
import { countNotifications, findIdentityUuidByEmail } from '../modules/wallet/repository';
import { createNotification } from '../modules/wallet/service';
import { linkDemoBorrowerReferrer } from './loan-originators';

export async function seedDemoBorrowerShell(db: Database, email: string): Promise<void> {
  await linkDemoBorrowerReferrer(db, email);
  const identityUuid = await findIdentityUuidByEmail(db, email);
  if (!identityUuid || (await countNotifications(db, identityUuid)) > 0) return;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
  await createNotification(db, {
    identityUuid,
    title: 'Welcome to your HELOC application',
    description: 'Your application is saved as you go, so you can pick up where you left off at any time.',
    ctas: [{ title: 'Go to dashboard', redirectPath: '/dashboard' }],
    createdAt: hoursAgo(26),
  });
  await createNotification(db, {
    identityUuid,
    title: 'Meet your loan officer',
    description: 'Jordan Reyes (NMLS #2104871) is here to help with any question about your application.',
    createdAt: hoursAgo(2),
  });
}
