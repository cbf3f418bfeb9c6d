/**
 * The password strength rule shown live under a new-password field: the same rule the server
 * enforces (packages/domain password.ts), so what the form accepts the server accepts.
 */
import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '@heloc/domain';

export const PASSWORD_RULE_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters with three of: lowercase letters, uppercase letters, digits, symbols; not your e-mail name.`;

interface PasswordRuleProps {
  password: string;
  email?: string | undefined;
}

/** The rule, then (once typing starts) whether the password meets it; announced politely. */
export function PasswordRule({ password, email }: PasswordRuleProps) {
  const problem = password ? passwordProblem(password, email) : null;
  return (
    <span>
      {PASSWORD_RULE_TEXT}{' '}
      <Text component="span" size="xs" fw={600} aria-live="polite">
        {password ? (problem ?? 'This password meets the rule.') : ''}
      </Text>
    </span>
  );
}
