/** Lazy route module: /auth/login (host router). */
import { AppLink } from '@/components/ui/app-link';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth';
import { useOrg } from '@/platform/org';

export function Component() {
  const org = useOrg();
  return (
    <LoginPage
      brandName={org.orgBrand.name}
      registerLink={
        <AppLink to={paths.app.register.getHref()}>Apply for a Home Equity Line of Credit</AppLink>
      }
    />
  );
}
