import type { TOrgData } from '@heloc/domain';
import { HostLink } from '@/components/ui/host-link';
import { paths } from '@/config/paths';
import { companyOf } from '../utils/company';
import { ReachUs } from './contact-line';
import { LegalPage, LegalSection } from './legal-page';

/** /terms: the terms of use of the organisation's online HELOC application. */
export function TermsPage({ org }: { org: TOrgData }) {
  const company = companyOf(org);
  const we = company.shortName;
  return (
    <LegalPage
      title="Terms of Use"
      lead={`These terms govern your use of the ${company.product} website and online application, offered by ${company.name}, ${company.organization} (NMLS #${company.nmls}).`}
    >
      <LegalSection title="Agreement to these terms">
        <p>
          By creating an account or using this site you agree to these Terms of Use, to our{' '}
          <HostLink to={paths.host.page.getHref('privacy')}>Privacy Policy</HostLink> and to the{' '}
          <HostLink to={paths.host.page.getHref('communications')}>
            Consent to Electronic Communications
          </HostLink>
          . In these terms, &ldquo;{we}&rdquo;, &ldquo;we&rdquo; and &ldquo;us&rdquo; mean {company.name};
          &ldquo;you&rdquo; means the person using the site. If you do not agree, please do not use the site.
        </p>
      </LegalSection>
      <LegalSection title="Your account">
        <p>
          You must be at least 18 years old and a legal resident of the United States to apply. Keep your
          password to yourself and tell us at once if you believe someone else has used your account. You are
          responsible for what is done with your account until you tell us.
        </p>
        <p>
          The information you give us must be true, complete and your own. Giving false information in a
          credit application can be a crime under federal law.
        </p>
      </LegalSection>
      <LegalSection title="No commitment to lend">
        <p>
          Rates, amounts and payments shown before approval are estimates. Every line of credit is subject to
          credit approval, verification of your identity, income and employment, a review of your property and
          its title, and the terms of the agreement you sign. Starting an application does not guarantee
          approval, and we may decline or withdraw an offer as the law allows. A home equity line of credit is
          secured by your home.
        </p>
      </LegalSection>
      <LegalSection title="Electronic records and signatures">
        <p>
          With your consent, we give you disclosures and documents electronically and you sign them
          electronically, as described in the Consent to Electronic Communications. Your electronic signature
          has the same effect as a handwritten one.
        </p>
      </LegalSection>
      <LegalSection title="Services of other companies">
        <p>
          To process your application we work with other companies, such as credit bureaus, property data and
          valuation providers, identity verification and bank-linking services, and notaries. When you use one
          of their services through this site, their terms may also apply.
        </p>
      </LegalSection>
      <LegalSection title="Using the site">
        <p>
          Use the site only for your own application and only lawfully. Do not try to reach accounts or data
          that are not yours, disrupt the site, copy it by automated means, or use it to send harmful code. We
          may suspend access to protect you, other borrowers or the site.
        </p>
        <p>
          The site&rsquo;s content, names and logos belong to {company.name} or its licensors. You may print
          or save pages for your own records.
        </p>
      </LegalSection>
      <LegalSection title="Disclaimers and liability">
        <p>
          We work to keep the site available and accurate, but it is provided &ldquo;as is&rdquo; and may be
          interrupted for maintenance or for reasons beyond our control. To the extent the law allows, we are
          not liable for indirect or consequential losses from using or being unable to use the site. Nothing
          in these terms limits rights you have under consumer protection law or under your loan documents.
        </p>
      </LegalSection>
      <LegalSection title="Changes and governing law">
        <p>
          We may update these terms; the version on this page applies from the day it is posted. These terms
          are governed by federal law and the law of the state where the property securing your line of credit
          is located.
        </p>
      </LegalSection>
      <LegalSection title="Contact">
        <p>
          Questions about these terms? Reach us <ReachUs company={company} />.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
