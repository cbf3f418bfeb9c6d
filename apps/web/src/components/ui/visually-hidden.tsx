import type { ReactNode } from 'react';
import classes from './visually-hidden.module.css';

/** Text for assistive technology only. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={classes.hidden}>{children}</span>;
}
