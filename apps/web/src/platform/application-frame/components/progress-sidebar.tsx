import { useId } from 'react';
import type { ReactNode } from 'react';
import {
  APPLICATION_PROGRESS_DEFAULT_TEXT,
  APPLICATION_PROGRESS_TITLE,
  progressItems,
  progressSteps,
} from '@heloc/domain';
import type { TProgressCode, TProgressItemState } from '@heloc/domain';
import { CheckIcon } from '@/components/ui/icons';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import classes from './application-frame.module.css';

interface ProgressSidebarProps {
  /** Where the application stands (progressCodeForStep); null marks no step. */
  current: TProgressCode | null;
  /** Manual notary: the last step is "Schedule Notary Session" instead of "Talk to eNotary". */
  manualNotary: boolean;
  /** A screen may replace the default text with its own guidance. */
  text?: string;
  /** The offer box, shown under the steps. */
  children?: ReactNode;
}

const STATE_TEXT: Record<TProgressItemState, string> = {
  done: 'completed',
  current: 'current step',
  upcoming: 'not started',
};

/** The progress sidebar "Application Progress" (spec 1 §2, §4 "Step progress"). */
export function ProgressSidebar({
  current,
  manualNotary,
  text = APPLICATION_PROGRESS_DEFAULT_TEXT,
  children,
}: ProgressSidebarProps) {
  const headingId = useId();
  const items = progressItems(progressSteps(manualNotary), current);
  return (
    <section className={classes.progress} aria-labelledby={headingId}>
      <h2 id={headingId} className={classes.progressTitle}>
        {APPLICATION_PROGRESS_TITLE}
      </h2>
      <p className={classes.progressText}>{text}</p>
      <ol className={classes.steps}>
        {items.map((item) => (
          <li
            key={item.code}
            className={classes.step}
            data-state={item.state}
            aria-current={item.state === 'current' ? 'step' : undefined}
          >
            <span className={classes.marker} aria-hidden="true">
              {item.state === 'done' ? <CheckIcon size={14} /> : null}
            </span>
            <span>
              {item.label}
              <VisuallyHidden>{` (${STATE_TEXT[item.state]})`}</VisuallyHidden>
            </span>
          </li>
        ))}
      </ol>
      {children}
    </section>
  );
}
