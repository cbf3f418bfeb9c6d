/** heloc-signer/cancelled: the borrower cancelled this invitation; nothing is left to sign. */
import { Text } from '@mantine/core';
import { AppLink } from '@/components/ui/app-link';
import { SignerScreen, signerHref } from './signer-screen';

export const CANCELLED_TITLE = 'Your invitation was cancelled';

export function CancelledPage() {
  return (
    <SignerScreen
      title={CANCELLED_TITLE}
      lead="The borrower cancelled your invitation to sign, so there is nothing for you to sign now."
    >
      <Text>
        If you think this is a mistake, ask the borrower to invite you again. A new invitation comes with a
        new link by e-mail.
      </Text>
      <Text>
        <AppLink to={signerHref('login')}>Back to the signer login</AppLink>
      </Text>
    </SignerScreen>
  );
}
