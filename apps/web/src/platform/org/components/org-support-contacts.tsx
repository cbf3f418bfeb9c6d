/** The organisation's support phone (888-819-6388 when it has none) and e-mail, on screens that stop the flow. */
import { Text } from '@mantine/core';
import { DEFAULT_SUPPORT_PHONE, phoneTelHref } from '@heloc/domain';
import { useOrg } from '../hooks/use-org';

export function OrgSupportContacts({ lead = 'Questions? We are happy to help:' }: { lead?: string }) {
  const { companyInfo } = useOrg().orgMetaData;
  const phone = companyInfo.phoneFormatted.trim() || DEFAULT_SUPPORT_PHONE;
  const tel = phoneTelHref(phone);
  return (
    <div>
      <Text>{lead}</Text>
      <ul>
        <li>Phone: {tel ? <a href={tel}>{phone}</a> : phone}</li>
        <li>
          Email: <a href={`mailto:${companyInfo.email}`}>{companyInfo.email}</a>
        </li>
      </ul>
    </div>
  );
}
