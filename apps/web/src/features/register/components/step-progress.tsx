/** Where the person is in registration: the shown steps, the current one marked for assistive technology. */
import { REGISTRATION_STEP_DETAILS } from '@heloc/domain';
import type { TRegistrationStep } from '@heloc/domain';
import classes from './step-progress.module.css';

interface StepProgressProps {
  steps: readonly TRegistrationStep[];
  current: TRegistrationStep;
}

export function StepProgress({ steps, current }: StepProgressProps) {
  const currentIndex = steps.indexOf(current);
  return (
    <nav aria-label="Registration steps">
      <ol className={classes.steps}>
        {steps.map((step, index) => {
          const details = REGISTRATION_STEP_DETAILS[step];
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={classes.step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className={classes.number} aria-hidden="true">
                {index + 1}
              </span>
              <span>
                {details.label}
                {details.fields.length > 0 ? (
                  <span className={classes.fields}> ({details.fields.join(', ')})</span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
