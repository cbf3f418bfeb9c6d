import type { ReactNode } from 'react';
import classes from './legal-page.module.css';

interface LegalPageProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

/** The frame of the host pages built from the organisation data: one h1, a lead, titled sections. */
export function LegalPage({ title, lead, children }: LegalPageProps) {
  return (
    <article className={classes.page}>
      <h1>{title}</h1>
      {lead ? <p className={classes.lead}>{lead}</p> : null}
      {children}
    </article>
  );
}

export function LegalSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id ?? slug(title)}-title`} id={id}>
      <h2 id={`${id ?? slug(title)}-title`}>{title}</h2>
      {children}
    </section>
  );
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
