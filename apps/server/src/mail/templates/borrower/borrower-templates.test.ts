/**
 * Every borrower e-mail template for three organisations: HTML and plain text from the same
 * template, the organisation's brand (name, colours, logo, legal name and NMLS of the footer), the
 * exact screen's link in both, and an unsubscribe link on marketing-type mail only.
 */
import { describe, expect, it } from 'vitest';
import { BORROWER_MAIL_KINDS, buildFooterModel, isMarketingMail } from '@heloc/domain';
import { findOrganisation, loadOrganisations } from '../../../seed/organisations';
import { renderBorrowerMail } from '.';
import { previewBorrowerMail } from './preview';
import { brandLogoUrl } from '../../brand-logo';

const orgs = loadOrganisations();
const THREE = ['MAIN', 'CASCADE_TEACHERS', 'PINECREST'].map((code) => findOrganisation(orgs, code)!);

describe.each(THREE.map((org) => [org.orgCode, org] as const))('templates of %s', (_code, org) => {
  it.each(BORROWER_MAIL_KINDS)('%s: branded HTML and its plain text', async (kind) => {
    const mail = await previewBorrowerMail(kind, org);
    const footer = buildFooterModel(org);
    expect(mail.subject.length).toBeGreaterThan(5);
    expect(mail.html).toMatch(/^<!DOCTYPE html/i);
    // Brand: colours, logo (the organisation's own, linked: never a data: image), name, legal footer.
    expect(mail.html).toContain(org.orgBrand.colors.primary);
    expect(mail.html).toContain(`alt="${org.orgBrand.name}"`);
    expect(mail.html).toContain(`src="${brandLogoUrl('', org)}"`);
    expect(mail.html).not.toContain('data:image');
    expect(mail.html).toContain(footer.companyName.replaceAll('&', '&amp;'));
    expect(mail.html).toContain(footer.nmls.label);
    expect(mail.text).toContain(footer.nmls.label);
    // The link goes to the organisation's own site, in both bodies.
    const link = new RegExp(`${org.baseUrl.replaceAll('.', '\\.')}/account/heloc/`);
    expect(mail.html).toMatch(link);
    expect(mail.text).toMatch(link);
    expect(mail.text).not.toMatch(/<\/?[a-z][^>]*>/i);
    expect(mail.text).toContain('Hello Dana,');
    // Unsubscribe: marketing-type mail only.
    expect(mail.html.includes('/identity/api/v1/mail/unsubscribe')).toBe(isMarketingMail(kind));
  });
});

it('names differ between organisations (the brand is not the platform default)', async () => {
  const [a, b] = await Promise.all(THREE.slice(0, 2).map((org) => previewBorrowerMail('FUNDED', org)));
  expect(a!.html).not.toEqual(b!.html);
  expect(b!.html).toContain(THREE[1]!.orgBrand.colors.primary);
  expect(b!.html).not.toContain(THREE[0]!.orgBrand.colors.primary);
});

it('escapes what it is given (a name is text, never markup)', async () => {
  const mail = await renderBorrowerMail('WELCOME', {
    org: THREE[0]!,
    firstName: '<script>alert(1)</script>',
    link: 'https://harborline.example/account/heloc/x/start/profile',
    logoLink: brandLogoUrl('https://harborline.example', THREE[0]!),
    facts: {},
  });
  expect(mail.html).not.toContain('<script>alert(1)</script>');
  expect(mail.html).toContain('&lt;script&gt;');
});
