import type { TOrgData } from '@heloc/domain';
import { AppLink } from '@/components/ui/app-link';
import { HostLink } from '@/components/ui/host-link';
import { paths } from '@/config/paths';
import { companyOf } from '../utils/company';
import classes from './legal-page.module.css';

/** What each app of the platform does, by its path (spec 1 §2 "Shared navigation"). */
const PLATFORM_APPS: Record<string, { name: string; about: string }> = {
  [paths.platform.marketplace.path]: {
    name: 'Marketplace',
    about: 'Compare financial products from the platform’s lenders and partners, and apply in one place.',
  },
  [paths.platform.passport.path]: {
    name: 'Passport',
    about:
      'One secure identity and wallet for every app of the platform: sign in once, manage your accounts.',
  },
  [paths.platform.groupManager.path]: {
    name: 'Group Manager',
    about: 'Manage shared accounts and the people you authorise on them.',
  },
  [paths.platform.portfolio.path]: {
    name: 'Portfolio Manager',
    about: 'See your lines of credit, loans and other assets together and follow them over time.',
  },
  [paths.platform.pay.path]: {
    name: 'Pay',
    about: 'Make and schedule payments on your line of credit and other accounts.',
  },
  [paths.platform.exchange.path]: {
    name: 'Exchange',
    about: 'Buy, sell and transfer the digital assets held in your wallet.',
  },
};

interface ComingSoonPageProps {
  org: TOrgData;
  /** The path the page is shown at: a platform app's path, or /coming-soon. */
  pathname: string;
}

/**
 * The coming-soon page: the server answers the platform's other apps with this app, which is not
 * part of this deployment, so the page says what the app is and links back.
 */
export function ComingSoonPage({ org, pathname }: ComingSoonPageProps) {
  const company = companyOf(org);
  const app = PLATFORM_APPS[pathname.replace(/\/+$/, '')];
  const name = app?.name ?? 'This feature';
  return (
    <article className={classes.page}>
      <h1>{app ? `${app.name} is coming soon` : 'Coming soon'}</h1>
      {app ? <p className={classes.lead}>{app.about}</p> : null}
      <p>
        {name} is not available in this deployment yet. Your {company.product} application is not affected:
        everything about it is on your dashboard.
      </p>
      <p>
        <HostLink to={paths.host.dashboard.getHref()}>Back to your dashboard</HostLink>
        {' · '}
        <AppLink to={paths.app.home.getHref()}>{company.product} overview</AppLink>
      </p>
    </article>
  );
}
