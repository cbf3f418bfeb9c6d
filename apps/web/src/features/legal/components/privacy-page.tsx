import type { TOrgData } from '@heloc/domain';
import { ExternalLink } from '@/components/ui/external-link';
import { companyOf } from '../utils/company';
import { ReachUs } from './contact-line';
import { LegalPage, LegalSection } from './legal-page';

/**
 * /privacy: the organisation's privacy policy. When the organisation publishes its policy elsewhere
 * (privacyLinkIsExternal), the footer links there directly and this page points to it.
 */
export function PrivacyPage({ org }: { org: TOrgData }) {
  const company = companyOf(org);
  const info = org.orgMetaData.companyInfo;

  if (info.privacyLinkIsExternal) {
    return (
      <LegalPage
        title="Privacy Policy"
        lead={`${company.name} publishes its privacy policy on its own website.`}
      >
        <p>
          <ExternalLink href={info.privacyPolicyUrl} newTab>
            Read the {company.shortName} Privacy Policy
          </ExternalLink>
        </p>
        <p>
          Questions about your privacy? Reach us <ReachUs company={company} />.
        </p>
      </LegalPage>
    );
  }

  return (
    <LegalPage
      title="Privacy Policy"
      lead={`How ${company.name} collects, uses, shares and protects your personal information when you apply for a ${company.product}.`}
    >
      <LegalSection title="What we collect">
        <ul>
          <li>
            What you tell us: your name, date of birth, Social Security number, contact details, income and
            employment, your home and its ownership, and the bank accounts you link.
          </li>
          <li>
            What others tell us with your permission: credit reports, property and title records, valuations,
            identity checks and the bank account and income data you choose to share.
          </li>
          <li>
            What your device tells us: browser, device and connection details and how you use the site. When
            you e-sign, your location, only after you allow it.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="How we use it">
        <p>
          To decide on and service your line of credit, verify who you are, prevent fraud, meet our legal and
          regulatory duties, keep the site secure and improve it. We send you messages about your application;
          marketing messages only as the law allows, and you can always opt out of them.
        </p>
      </LegalSection>
      <LegalSection title="Who we share it with">
        <p>
          We share personal information with companies that help us process your application (such as credit
          bureaus, valuation and title providers, notaries and our technology providers), with regulators and
          others when the law requires it, and with others when you ask us to. They may use it only to provide
          their service. {company.name} does not sell your personal information.
        </p>
      </LegalSection>
      <LegalSection title="How we protect it">
        <p>
          Your information travels with 256-bit encryption, sensitive numbers are encrypted where they are
          stored and shown masked, and only staff who need it for your application can see it. We keep records
          for as long as lending laws require and then delete them securely.
        </p>
      </LegalSection>
      <LegalSection title="Your choices">
        <p>
          You can see and correct your profile in your account settings, ask for a copy of the information we
          hold about you, and opt out of marketing. Depending on your state, you may have further rights, such
          as asking us to delete information the law does not require us to keep.
        </p>
      </LegalSection>
      <LegalSection title="Contact">
        <p>
          Questions or requests about your privacy? Reach us <ReachUs company={company} />.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
