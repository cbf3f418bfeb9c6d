/** The organisation facts the host pages quote, once, from companyInfo (spec 1 §3 "Footer and company entity"). */
import { formatAddress, formatPhone, phoneTelHref } from '@heloc/domain';
import type { TOrgData } from '@heloc/domain';

export interface TCompany {
  name: string;
  shortName: string;
  product: string;
  /** "a Delaware corporation" */
  organization: string;
  nmls: string;
  nmlsUrl: string;
  address: string;
  phone: string;
  phoneHref: string | null;
  email: string;
  legalUrl: string;
  creditUnion: boolean;
}

export function companyOf(org: TOrgData): TCompany {
  const info = org.orgMetaData.companyInfo;
  return {
    name: info.companyName,
    shortName: info.companyNameShort,
    product: info.companyProduct,
    organization: info.organization,
    nmls: info.companyNMLS,
    nmlsUrl: info.companyNmlsURL,
    address: formatAddress(info.companyAddress),
    phone: formatPhone(info.phoneFormatted),
    phoneHref: phoneTelHref(info.phoneFormatted),
    email: info.email,
    legalUrl: info.companyLegalUrl,
    creditUnion: org.orgMetaData.kind === 'CREDIT_UNION',
  };
}
