/** The organisation's support phone (888-819-6388 when it has none) and e-mail, as links. */
import { DEFAULT_SUPPORT_PHONE, phoneTelHref } from '@heloc/domain';

interface SupportContactsProps {
  phone?: string | undefined;
  email?: string | undefined;
}

export function SupportContacts({ phone, email }: SupportContactsProps) {
  const shownPhone = phone?.trim() || DEFAULT_SUPPORT_PHONE;
  const tel = phoneTelHref(shownPhone);
  return (
    <ul>
      <li>Phone: {tel ? <a href={tel}>{shownPhone}</a> : shownPhone}</li>
      {email ? (
        <li>
          Email: <a href={`mailto:${email}`}>{email}</a>
        </li>
      ) : null}
    </ul>
  );
}
