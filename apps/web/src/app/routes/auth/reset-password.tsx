/** Lazy route module: /auth/reset-password?token=… (host router). */
import { ResetPasswordPage } from '@/features/auth/recovery';

export function Component() {
  return <ResetPasswordPage />;
}
