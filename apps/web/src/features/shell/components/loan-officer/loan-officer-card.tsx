import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { useId } from 'react';
import { formatPhone, LOAN_ORIGINATOR_TEXTS, loanOriginatorHeading, phoneTelHref } from '@heloc/domain';
import type { TOriginatorDisplayInfo } from '@heloc/domain';
import classes from './loan-officer.module.css';

interface LoanOfficerDetailsProps {
  info: TOriginatorDisplayInfo;
}

/** Initials for the avatar placeholder: "Jordan Reyes" → "JR". */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * The card's body: avatar, names, NMLS number, Call and Email. The CSP admits images from data: URIs
 * only, so any other avatar address falls back to the initials rather than a broken image.
 */
export function LoanOfficerDetails({ info }: LoanOfficerDetailsProps) {
  const name = info.originatorName?.trim() || info.brokerName?.trim() || '';
  // With both names, the broker name is the brokerage the loan officer works for.
  const company = info.originatorName?.trim() && info.brokerName?.trim() ? info.brokerName.trim() : null;
  const tel = phoneTelHref(info.phoneNumber);
  const email = info.email?.trim();
  const avatar = info.avatarUri?.startsWith('data:image/') ? info.avatarUri : null;

  return (
    <div className={classes.details}>
      <div className={classes.person}>
        {avatar ? (
          <img src={avatar} alt="" className={classes.avatar} />
        ) : (
          <span className={classes.avatar} aria-hidden="true">
            {initials(name)}
          </span>
        )}
        <div>
          <p className={classes.name}>{name}</p>
          {company ? <p className={classes.meta}>{company}</p> : null}
          {info.nmls?.trim() ? (
            <p className={classes.meta}>
              {LOAN_ORIGINATOR_TEXTS.nmlsPrefix}
              {info.nmls.trim()}
            </p>
          ) : null}
          {info.phoneNumber ? <p className={classes.meta}>{formatPhone(info.phoneNumber)}</p> : null}
        </div>
      </div>
      {tel || email ? (
        <div className={classes.actions}>
          {tel ? (
            <Button component="a" href={tel} variant="filled" size="sm">
              Call
            </Button>
          ) : null}
          {email ? (
            <Button component="a" href={`mailto:${email}`} variant="outline" size="sm">
              Email
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Loan officer / broker card (spec 2 §2): "Your Broker" when only a broker name exists, otherwise
 * "Your Loan Officer"; nothing at all when neither name exists.
 */
export function LoanOfficerCardView({ info }: LoanOfficerDetailsProps) {
  const headingId = useId();
  const heading = loanOriginatorHeading(info);
  if (!heading) return null;
  return (
    <section className={classes.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={classes.heading}>
        {heading}
      </h2>
      <LoanOfficerDetails info={info} />
    </section>
  );
}
