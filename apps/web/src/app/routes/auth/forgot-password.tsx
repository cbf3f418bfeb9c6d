/** Lazy route module: /auth/forgot-password (host router). */
import { ForgotPasswordPage } from '@/features/auth/recovery';
import { useOrg } from '@/platform/org';

export function Component() {
  return <ForgotPasswordPage brandName={useOrg().orgBrand.name} />;
}
