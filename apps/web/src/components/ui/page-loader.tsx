import type { ReactNode } from 'react';
import classes from './page-loader.module.css';
import { VisuallyHidden } from './visually-hidden';

/** Full-screen loader shown while the first route module loads (spec 2 §2 "full-screen logo loader"). */
export function PageLoader({ logo }: { logo?: ReactNode }) {
  return (
    <div className={classes.screen} role="status" aria-live="polite">
      {logo}
      <span className={classes.spinner} aria-hidden="true" />
      <VisuallyHidden>Loading</VisuallyHidden>
    </div>
  );
}
