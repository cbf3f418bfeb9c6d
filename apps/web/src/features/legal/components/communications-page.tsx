import type { TOrgData } from '@heloc/domain';
import { HostLink } from '@/components/ui/host-link';
import { paths } from '@/config/paths';
import { companyOf } from '../utils/company';
import { ReachUs } from './contact-line';
import { LegalPage, LegalSection } from './legal-page';

/** /communications: the consent to electronic communications (E-SIGN Act disclosure). */
export function CommunicationsPage({ org }: { org: TOrgData }) {
  const company = companyOf(org);
  return (
    <LegalPage
      title="Consent to Electronic Communications"
      lead={`To apply for a ${company.product} online, you agree to receive disclosures and documents from ${company.name} electronically and to sign them electronically.`}
    >
      <LegalSection title="What this consent covers">
        <p>
          This consent applies to every communication about your application and your line of credit:
          disclosures and notices the law requires us to give you in writing, your application and its
          summary, your loan agreement and closing documents, privacy notices, account statements and notices
          of changes.
        </p>
      </LegalSection>
      <LegalSection title="How we deliver communications">
        <p>
          We post communications on this site, in your account, and e-mail you when something new is available
          or needs your attention. A communication is delivered when we post or send it, even if you do not
          open it, so please keep your e-mail address current in your{' '}
          <HostLink to={paths.host.settings.getHref()}>account settings</HostLink>.
        </p>
      </LegalSection>
      <LegalSection title="What you need">
        <ul>
          <li>A current version of Chrome, Edge, Firefox or Safari with JavaScript and cookies enabled.</li>
          <li>Software that opens PDF files.</li>
          <li>An e-mail account you can reach.</li>
          <li>A printer or enough storage to keep copies of your documents.</li>
        </ul>
        <p>If these requirements change in a way that affects you, we will tell you first.</p>
      </LegalSection>
      <LegalSection title="Paper copies">
        <p>
          You may ask for a paper copy of any communication at no charge. Ask us <ReachUs company={company} />
          .
        </p>
      </LegalSection>
      <LegalSection title="Withdrawing your consent">
        <p>
          You may withdraw this consent at any time, free of charge, by telling us in the same ways. Your
          withdrawal takes effect once we have had a reasonable time to act on it and does not change the
          validity of communications delivered before. Because this application is completed online, we may
          not be able to continue an application in progress on paper.
        </p>
      </LegalSection>
      <LegalSection title="Your agreement">
        <p>
          By agreeing, you confirm that you can open and keep the communications described here, and that you
          consent to receive them and sign them electronically.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
