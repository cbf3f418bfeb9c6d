/** Lazy route module: /contact, the organisation's customer service contacts with the phone hours. */
import { formatHoursLine } from '@heloc/domain';
import { ContactPage } from '@/features/legal';
import { useOrg, usePhoneHours } from '@/platform/org';

export function Component() {
  const org = useOrg();
  const hours = usePhoneHours();
  return <ContactPage org={org} hoursLine={hours ? formatHoursLine(hours) || null : null} />;
}
