/** Lazy route module: /account/heloc/register/support (how to get help). */
import { useOrg } from '@/platform/org';
import { SupportPage } from '@/features/register';

export function Component() {
  const info = useOrg().orgMetaData.companyInfo;
  return (
    <SupportPage
      companyName={info.companyName}
      supportPhone={info.phoneFormatted}
      supportEmail={info.email}
    />
  );
}
