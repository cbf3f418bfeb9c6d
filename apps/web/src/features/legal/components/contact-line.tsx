import type { TCompany } from '../utils/company';

/** Phone as a tel: link when it parses, plain text otherwise. */
export function PhoneLink({ company }: { company: TCompany }) {
  return company.phoneHref ? <a href={company.phoneHref}>{company.phone}</a> : <>{company.phone}</>;
}

export function EmailLink({ company }: { company: TCompany }) {
  return <a href={`mailto:${company.email}`}>{company.email}</a>;
}

/** "by phone at …, by e-mail at … or by mail at …": how every page says where to reach the company. */
export function ReachUs({ company }: { company: TCompany }) {
  return (
    <>
      by phone at <PhoneLink company={company} />, by e-mail at <EmailLink company={company} />, or by mail at{' '}
      {company.name}, {company.address}
    </>
  );
}
