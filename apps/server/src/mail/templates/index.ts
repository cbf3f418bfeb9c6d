/**
 * The platform's e-mails, one function each: what the message says, given what it is about. The
 * routes decide when to send and to whom; the text lives here so it can be read and reviewed in one
 * place (and branded or moved to HTML templates without touching a route).
 */
export type MailContent = { subject: string; text: string };

const lines = (...parts: string[]) => parts.join('\n');

/** A co-owner on title is asked to sign (spec 1 §2–§6: the one-time signer link). */
export function coDeedInvitationMail(input: {
  signerFirstName: string;
  primaryName: string;
  lenderName: string;
  link: string;
  validDays: number;
}): MailContent {
  return {
    subject: `${input.primaryName} asks you to sign for your home's line of credit`,
    text: lines(
      `Hello ${input.signerFirstName},`,
      '',
      `${input.primaryName} is closing a home equity line of credit with ${input.lenderName} on a home you own together.`,
      'Every owner on title signs the deed and receives their own notice of right to cancel.',
      '',
      `Open this link to create your signer account and sign (it works once and expires in ${input.validDays} days):`,
      input.link,
      '',
      'If you did not expect this e-mail, you can ignore it.',
    ),
  };
}

/**
 * Someone registered with an e-mail that already has an account. The answer to the request does not
 * say so (no account enumeration); the address's owner hears about it here instead.
 */
export function registrationAttemptMail(input: { brandName: string }): MailContent {
  return {
    subject: `Someone tried to register with your e-mail at ${input.brandName}`,
    text: lines(
      'Hello,',
      '',
      `Someone just tried to open a new ${input.brandName} account with this e-mail address, which already has one.`,
      'If it was you, sign in instead; if you forgot your password, choose "Forgot your password?" on the sign-in page.',
      'If it was not you, you can ignore this e-mail: nothing was changed.',
    ),
  };
}

/** A staff member is invited to an organisation's console (or the platform's). */
export function staffInvitationMail(input: {
  inviterEmail: string;
  organisationName: string;
  roles: readonly string[];
  link: string;
  validHours: number;
}): MailContent {
  return {
    subject: `You are invited to the staff console of ${input.organisationName}`,
    text: lines(
      'Hello,',
      '',
      `${input.inviterEmail} invited you to join ${input.organisationName} as ${input.roles.join(', ')}.`,
      `Open this link to set your password (it works once and expires in ${input.validHours} hours):`,
      input.link,
      '',
      'If you did not expect this e-mail, you can ignore it.',
    ),
  };
}

/**
 * "Forgot password" (issue 19): the one-time link to set a new password. Sent only when the address
 * has an account; the request's answer is the same either way.
 */
export function passwordResetMail(input: {
  brandName: string;
  link: string;
  validMinutes: number;
}): MailContent {
  return {
    subject: `Reset your ${input.brandName} password`,
    text: lines(
      'Hello,',
      '',
      `Someone, hopefully you, asked to reset the password of your ${input.brandName} account.`,
      `Open this link to choose a new password (it works once and expires in ${input.validMinutes} minutes):`,
      input.link,
      '',
      'When you set a new password, every other sign-in of your account ends.',
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    ),
  };
}
