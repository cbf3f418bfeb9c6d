import { useMemo } from 'react';
import {
  buildFooterModel,
  ILLINOIS_NOTICE_ANCHOR,
  ILLINOIS_NOTICE_TITLE,
  showsIllinoisNotice,
} from '@heloc/domain';
import type { TOrgData } from '@heloc/domain';
import { ExternalLink } from '@/components/ui/external-link';
import { companyOf } from '../utils/company';
import { ReachUs } from './contact-line';
import { LegalPage, LegalSection } from './legal-page';
import classes from './legal-page.module.css';

/**
 * /licenses: NMLS number and registry link, the licensed states, the New York notice and, where it
 * applies, the Illinois community reinvestment notice (the footer links to its anchor). States and
 * notices come from the footer's view model, so the two pages never disagree.
 */
export function LicensesPage({ org }: { org: TOrgData }) {
  const company = companyOf(org);
  const model = useMemo(() => buildFooterModel(org), [org]);
  return (
    <LegalPage
      title="Licenses"
      lead={`${company.name} is ${company.organization}, licensed through the Nationwide Multistate Licensing System (NMLS).`}
    >
      <LegalSection title="NMLS">
        <p>
          NMLS #{company.nmls}.{' '}
          <ExternalLink href={company.nmlsUrl} newTab>
            View our record on NMLS Consumer Access
          </ExternalLink>
        </p>
      </LegalSection>
      <LegalSection title="Where we lend">
        <p>
          {company.product} is offered for homes in {model.licensedStates.length}{' '}
          {model.licensedStates.length === 1 ? 'state' : 'states'}:
        </p>
        <ul className={classes.states} aria-label="Licensed states">
          {model.licensedStates.map((state) => (
            <li key={state.code}>{state.name}</li>
          ))}
        </ul>
        {model.moreStatesNote ? <p>{model.moreStatesNote}</p> : null}
        <p>{model.newYorkNotice.text}</p>
      </LegalSection>
      {showsIllinoisNotice(org) ? (
        <section
          id={ILLINOIS_NOTICE_ANCHOR}
          aria-labelledby={`${ILLINOIS_NOTICE_ANCHOR}-title`}
          className={classes.notice}
          tabIndex={-1}
        >
          <h2 id={`${ILLINOIS_NOTICE_ANCHOR}-title`}>{ILLINOIS_NOTICE_TITLE}</h2>
          <p>
            The Illinois Department of Financial and Professional Regulation (the Department) evaluates our
            performance in meeting the financial services needs of this community, including the needs of
            low-income to moderate-income households. The Department takes this evaluation into account when
            deciding on certain applications submitted by us for approval by the Department. Your involvement
            is encouraged. You may obtain a copy of our evaluation. You may also submit signed, written
            comments about our performance in meeting community financial services needs to the Department.
          </p>
        </section>
      ) : null}
      <LegalSection title="Questions and complaints">
        <p>
          Reach us <ReachUs company={company} />. You may also contact the financial regulator of the state
          where your home is located.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
