/** Lazy route module: /account/heloc/register/account-setup (the confirmation after registering). */
import { AccountSetupPage } from '@/features/register';

export function Component() {
  return <AccountSetupPage />;
}
