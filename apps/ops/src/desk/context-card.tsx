/** The borrower beside a chat: name, e-mail, signed in or not, the application and its offer. */
import { Card, Text, Title } from '@mantine/core';
import { formatCurrency, formatPercentFromBps, type TDeskConversation } from '@heloc/domain';

export function ContextCard({ conversation }: { conversation: TDeskConversation }) {
  const app = conversation.application;
  return (
    <Card withBorder padding="sm" aria-label="Borrower context">
      <Title order={2} size="h4">
        {conversation.friendlyName ?? 'Visitor'}
      </Title>
      <Text size="sm">
        {conversation.emailAddress ?? 'No e-mail'} ·{' '}
        {conversation.signedIn ? 'Signed-in borrower' : 'Visitor'} ·{' '}
        {conversation.orgName ?? conversation.orgCode}
      </Text>
      {app ? (
        <Text size="sm" data-testid="desk-application">
          {app.borrowerName ?? 'Borrower'} · Loan {app.loanNumber} · Step: {app.progressLabel ?? app.step}
          {app.amountCents > 0 && app.rateBps > 0 && app.termYears > 0
            ? ` · Offer ${formatCurrency(app.amountCents)} at ${formatPercentFromBps(app.rateBps, { decimals: 2 })} for ${app.termYears} years`
            : ''}
        </Text>
      ) : (
        <Text size="sm">No application linked.</Text>
      )}
      {conversation.pageUrl && (
        <Text size="xs" c="dimmed">
          From {conversation.pageUrl}
        </Text>
      )}
    </Card>
  );
}
