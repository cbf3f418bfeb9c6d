/** Lender staff who answer chats: their display names (profile name, else the e-mail's local part). */
import { and, eq } from 'drizzle-orm';
import { schema, type Database } from '../../db';

export type StaffMember = { uuid: string; name: string; email: string };

function displayName(email: string, firstName: string | null, lastName: string | null): string {
  if (firstName) return lastName ? `${firstName} ${lastName.charAt(0)}.` : firstName;
  const local = email.split('@')[0] ?? email;
  return local.charAt(0).toUpperCase() + local.slice(1);
}

export class StaffDirectory {
  constructor(private readonly db: Database) {}

  private async query(uuid?: string): Promise<StaffMember[]> {
    const rows = await this.db
      .select({
        uuid: schema.identities.uuid,
        email: schema.identities.email,
        firstName: schema.profiles.firstName,
        lastName: schema.profiles.lastName,
      })
      .from(schema.identities)
      .leftJoin(schema.profiles, eq(schema.profiles.identityUuid, schema.identities.uuid))
      .where(
        and(eq(schema.identities.profileType, 'STAFF'), ...(uuid ? [eq(schema.identities.uuid, uuid)] : [])),
      );
    return rows.map((row) => ({
      uuid: row.uuid,
      email: row.email,
      name: displayName(row.email, row.firstName, row.lastName),
    }));
  }

  all(): Promise<StaffMember[]> {
    return this.query();
  }

  async byUuid(uuid: string): Promise<StaffMember | null> {
    return (await this.query(uuid))[0] ?? null;
  }
}
