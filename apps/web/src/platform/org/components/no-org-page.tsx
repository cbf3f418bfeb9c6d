import { NO_PRIVATE_LABEL_DATA } from '@heloc/domain';
import classes from './no-org-page.module.css';

/** Shown instead of the app when the page carries no valid organisation data (spec 2 §8). */
export function NoOrgPage() {
  return (
    <main className={classes.page}>
      <h1 className={classes.title}>{NO_PRIVATE_LABEL_DATA}</h1>
    </main>
  );
}
