/**
 * The review screens where the online flow stops for a person to look (spec 1 §2 review-app/*;
 * DESIGN.md §7): no credit history, an underwriting review, a mortgage delinquency, an ownership that
 * does not match, and the timeout pages of the property data (datatree) and the closing documents.
 */
import { OrgSupportContacts } from '@/platform/org';
import '@/components/ui/form-styles';
import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { destinationPath, StepPage, TimeoutPage, useApplicationFlow } from '@/platform/application-flow';

export const NO_CREDIT_TITLE = 'We could not find a credit history';

export function NoCredit() {
  return (
    <StepPage title={NO_CREDIT_TITLE}>
      <Text>
        The credit bureau has no credit history with a credit score for you, even with your Social Security
        number. We need one to offer a home equity line of credit online, so we cannot continue your
        application here.
      </Text>
      <Text>
        If you think this is a mistake, you can get a free copy of your credit report at
        annualcreditreport.com and ask the bureau to correct it, then contact us.
      </Text>
      <OrgSupportContacts />
    </StepPage>
  );
}

export const UW_REVIEW_TITLE = 'Your application is under review';

export function UnderwritingReview() {
  return (
    <StepPage title={UW_REVIEW_TITLE}>
      <Text>
        An underwriter is reviewing your application. We will e-mail you as soon as there is news, usually
        within one business day. There is nothing you need to do now.
      </Text>
      <OrgSupportContacts />
    </StepPage>
  );
}

export const DELINQUENCY_TITLE = 'We need to review your mortgage payments';

export function Delinquency() {
  return (
    <StepPage title={DELINQUENCY_TITLE}>
      <Text>
        Your credit report shows a late or missed payment on a loan secured by this home. Before we can make
        you an offer, our team needs to review it with you.
      </Text>
      <OrgSupportContacts lead="Please contact us to continue:" />
    </StepPage>
  );
}

export const INCORRECT_OWNERSHIP_TITLE = 'We could not confirm that you own this home';

export function IncorrectOwnership() {
  return (
    <StepPage title={INCORRECT_OWNERSHIP_TITLE}>
      <Text>
        The public property records list a different owner for this address. A home equity line of credit must
        be secured by a home you own, so our team needs to review the ownership with you.
      </Text>
      <OrgSupportContacts lead="Please contact us to continue:" />
    </StepPage>
  );
}

export function DatatreeTimeout() {
  const { applicationUuid } = useApplicationFlow();
  return (
    <TimeoutPage applicationUuid={applicationUuid}>
      <Text>
        We could not get the property records for your home. Check that the property address is right, or
        choose another address, and try again.
      </Text>
      <Button
        component={Link}
        to={destinationPath(applicationUuid, 'start/profile')}
        variant="light"
        w="fit-content"
      >
        Check the property address
      </Button>
    </TimeoutPage>
  );
}

export function SignDocsTimeout() {
  const { applicationUuid } = useApplicationFlow();
  return <TimeoutPage applicationUuid={applicationUuid} />;
}
