import { formatAddress, formatDisplayDate, PROGRESS_STEP_LABELS } from '@heloc/domain';
import type { THelocApplicationView, TProgressCode } from '@heloc/domain';
import classes from './application-frame.module.css';

interface ApplicationSummaryProps {
  application: THelocApplicationView;
  current: TProgressCode | null;
}

/** Words for the steps that have no progress label (complete, declined, cancelled). */
function stepLabel(application: THelocApplicationView, current: TProgressCode | null): string {
  if (current === 'COMPLETE') return 'Complete';
  if (current) return PROGRESS_STEP_LABELS[current];
  return application.step === 'DECLINED' ? 'Declined' : 'Cancelled';
}

/**
 * The frame's main area until the step screens arrive as child routes: the application at a glance
 * (Application ID = loanNumber, spec 1 §3).
 */
export function ApplicationSummary({ application, current }: ApplicationSummaryProps) {
  const rows: [string, string][] = [
    ['Application ID', application.loanNumber],
    ['Property', application.property ? formatAddress(application.property.address) : 'Not chosen yet'],
    ['Current step', stepLabel(application, current)],
    ['Started', formatDisplayDate(new Date(application.auditFields.createdDate))],
  ];
  return (
    <div className={classes.summary}>
      <h1 className={classes.summaryTitle}>Your application</h1>
      <dl className={classes.facts}>
        {rows.map(([label, value]) => (
          <div key={label} className={classes.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
