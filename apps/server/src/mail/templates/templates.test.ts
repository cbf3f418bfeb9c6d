import { describe, expect, it } from 'vitest';
import {
  coDeedInvitationMail,
  passwordResetMail,
  registrationAttemptMail,
  staffInvitationMail,
  type MailContent,
} from '.';

const cases: [string, MailContent, string[]][] = [
  [
    'co-owner invitation',
    coDeedInvitationMail({
      signerFirstName: 'Sam',
      primaryName: 'Ann Example',
      lenderName: 'Harborline',
      link: 'https://lender.example/account/heloc/heloc-signer/resume?token=t1',
      validDays: 7,
    }),
    ['Hello Sam,', 'Ann Example', 'Harborline', 'resume?token=t1', 'expires in 7 days'],
  ],
  [
    'registration with a taken e-mail',
    registrationAttemptMail({ brandName: 'Harborline' }),
    ['Harborline account', 'sign in instead', 'Forgot your password?'],
  ],
  [
    'staff invitation',
    staffInvitationMail({
      inviterEmail: 'admin@lender.example',
      organisationName: 'Harborline',
      roles: ['PROCESSOR', 'UNDERWRITER'],
      link: 'https://lender.example/ops/?invite=t2',
      validHours: 72,
    }),
    ['admin@lender.example', 'PROCESSOR, UNDERWRITER', '/ops/?invite=t2', '72 hours'],
  ],
  [
    'password reset',
    passwordResetMail({
      brandName: 'Harborline',
      link: 'https://lender.example/auth/reset-password?token=t3',
      validMinutes: 60,
    }),
    ['Reset your Harborline password', '/auth/reset-password?token=t3', 'expires in 60 minutes', 'ignore'],
  ],
];

describe('mail templates', () => {
  it.each(cases)('%s says what it is about, with its link', (_name, mail, expected) => {
    for (const part of expected) expect(`${mail.subject}\n${mail.text}`).toContain(part);
    expect(mail.subject).not.toMatch(/undefined|null|\[object/);
    expect(mail.text).not.toMatch(/undefined|null|\[object/);
  });
});
