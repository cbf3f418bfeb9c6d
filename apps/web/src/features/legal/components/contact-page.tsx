import type { TOrgData } from '@heloc/domain';
import { ExternalLink } from '@/components/ui/external-link';
import { companyOf } from '../utils/company';
import { EmailLink, PhoneLink } from './contact-line';
import { LegalPage, LegalSection } from './legal-page';
import classes from './legal-page.module.css';

interface ContactPageProps {
  org: TOrgData;
  /** The customer service phone hours (formatHoursLine of OPS_PHONE), once known. */
  hoursLine: string | null;
}

/** /contact: how to reach the organisation's customer service. */
export function ContactPage({ org, hoursLine }: ContactPageProps) {
  const company = companyOf(org);
  return (
    <LegalPage
      title="Contact us"
      lead={`Questions about your ${company.product} application? The ${company.shortName} team is here to help.`}
    >
      <LegalSection title="Phone, e-mail and hours">
        <dl className={classes.facts}>
          <div className={classes.fact}>
            <dt>Phone</dt>
            <dd>
              <PhoneLink company={company} />
            </dd>
          </div>
          <div className={classes.fact}>
            <dt>E-mail</dt>
            <dd>
              <EmailLink company={company} />
            </dd>
          </div>
          <div className={classes.fact}>
            <dt>Hours</dt>
            <dd>{hoursLine ?? 'Loading our hours…'}</dd>
          </div>
        </dl>
        <p>
          When you call or write about an application, please have your Application ID at hand: it is on your
          dashboard and on every page of your application.
        </p>
      </LegalSection>
      <LegalSection title="Mailing address">
        <address>
          {company.name}
          <br />
          {company.address}
        </address>
      </LegalSection>
      <LegalSection title="Licenses and registration">
        <p>
          {company.name} is {company.organization}, NMLS #{company.nmls}. You can look up our licenses on{' '}
          <ExternalLink href={company.nmlsUrl} newTab>
            NMLS Consumer Access
          </ExternalLink>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
