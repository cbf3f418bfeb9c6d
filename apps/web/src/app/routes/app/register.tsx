/**
 * Lazy route module: /account/heloc/register. The not-accepting page when the business is wholesale or
 * a required referrer is missing (spec 1 §2); otherwise registration with the organisation's key
 * figures (the overview feature) beside its first step.
 */
import { useSearchParams } from 'react-router';
import { isUsStateCode, QUERY_PARAMS } from '@heloc/domain';
import { useOrg } from '@/platform/org';
import { AfterFirstPaint } from '@/components/ui/after-first-paint';
import { HelocOverview } from '@/features/overview';
import { NotAcceptingPage, RegisterPage, registerNotAcceptingReason } from '@/features/register';

export function Component() {
  const org = useOrg();
  const [searchParams] = useSearchParams();
  const heloc = org.orgMetaData.products.heloc;
  const info = org.orgMetaData.companyInfo;
  const reason = registerNotAcceptingReason(heloc, searchParams.get(QUERY_PARAMS.referrer));
  if (reason) {
    return (
      <NotAcceptingPage
        reason={reason}
        companyName={info.companyName}
        supportPhone={info.phoneFormatted}
        supportEmail={info.email}
      />
    );
  }
  return (
    <RegisterPage
      companyName={info.companyName}
      licensedStates={heloc.licensedStates.filter(isUsStateCode)}
      // Below the form on a phone, beside it in its own column on a wide screen: drawn after the
      // screen's first paint, in a task of its own.
      aside={
        <AfterFirstPaint>
          <HelocOverview org={org} />
        </AfterFirstPaint>
      }
    />
  );
}
