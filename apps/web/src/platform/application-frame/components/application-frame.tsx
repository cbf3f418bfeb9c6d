import type { ReactNode } from 'react';
import { progressCodeForStep } from '@heloc/domain';
import type { THelocApplicationView, TProgressCode } from '@heloc/domain';
import { OfferDetails } from './offer-details';
import { ProgressSidebar } from './progress-sidebar';
import classes from './application-frame.module.css';

/**
 * Manual notary or eNotary. The application status object's manualNotary flag (spec 1 §3) is not part of
 * the application view; a requested manual notary time is the application's own sign of that choice.
 */
export function isManualNotary(
  application: Pick<THelocApplicationView, 'requestedManualNotaryTime'>,
): boolean {
  return application.requestedManualNotaryTime !== null;
}

/**
 * The sidebar's current step; a declined or cancelled application shows where it stopped (the step it
 * ended from), so what was done before stays marked done instead of every step "not started".
 */
export function currentProgress(application: THelocApplicationView): TProgressCode | null {
  const step = application.endedFromStep ?? application.step;
  return progressCodeForStep(step, isManualNotary(application));
}

interface ApplicationFrameProps {
  application: THelocApplicationView;
  /** The loan officer card (wide screens); the page passes it so this feature needs no other. */
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * The /account/heloc/{uuid} page frame: the progress sidebar with the offer box, the step screen, and
 * the loan officer card beside it from 1200px.
 */
export function ApplicationFrame({ application, aside, children }: ApplicationFrameProps) {
  return (
    <div className={classes.frame}>
      <div className={classes.sidebar}>
        <ProgressSidebar current={currentProgress(application)} manualNotary={isManualNotary(application)}>
          <OfferDetails offer={application} />
        </ProgressSidebar>
      </div>
      <div className={classes.content}>{children}</div>
      {aside ? <div className={classes.aside}>{aside}</div> : null}
    </div>
  );
}
