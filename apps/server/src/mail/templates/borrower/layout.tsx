/** @jsxRuntime automatic @jsxImportSource react */
// The pragma: `node --import tsx` (the browser tests, `npm run dev`) reads no per-workspace tsconfig.
/**
 * The branded frame of every borrower e-mail (react-email): the organisation's logo and colours, one
 * heading, the paragraphs, one button to the exact screen, and the footer the borrower site shows
 * (company name, address, NMLS from the domain's footer model), plus an unsubscribe link on
 * marketing-type mail only. Tables and inline styles: what e-mail clients render.
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { buildFooterModel, contrastRatio, WCAG_AA_NORMAL_TEXT, type TOrgData } from '@heloc/domain';

export type MailFrameProps = {
  org: TOrgData;
  preview: string;
  heading: string;
  paragraphs: readonly string[];
  cta: { label: string; href: string };
  /**
   * The logo's address (brand-logo.ts: the organisation's public logo URL; not a data: image, which
   * Gmail and others drop). The alt text is the brand name.
   */
  logoHref: string;
  /** Marketing-type mail only (reminders): the one-click opt-out link. */
  unsubscribeHref?: string;
};

/** White on the brand colour when it reads (WCAG AA), else the secondary colour's dark shade. */
export function buttonColours(org: TOrgData): { background: string; color: string } {
  const { primary, secondary } = org.orgBrand.colors;
  if (contrastRatio(primary, '#ffffff') >= WCAG_AA_NORMAL_TEXT)
    return { background: primary, color: '#ffffff' };
  if (contrastRatio(secondary, '#ffffff') >= WCAG_AA_NORMAL_TEXT)
    return { background: secondary, color: '#ffffff' };
  return { background: primary, color: '#111111' };
}

export function MailFrame({
  org,
  preview,
  heading,
  paragraphs,
  cta,
  logoHref,
  unsubscribeHref,
}: MailFrameProps) {
  const footer = buildFooterModel(org);
  const button = buttonColours(org);
  const { primary, secondary } = org.orgBrand.colors;
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f4f5f7', fontFamily: 'Arial, Helvetica, sans-serif', margin: 0 }}>
        <Container style={{ maxWidth: 600, margin: '0 auto', backgroundColor: '#ffffff' }}>
          <Section data-brand-bar="" style={{ borderTop: `6px solid ${primary}`, padding: '24px 32px 8px' }}>
            <Img src={logoHref} alt={org.orgBrand.name} width={240} height={48} />
          </Section>
          <Section style={{ padding: '8px 32px 24px' }}>
            <Heading as="h1" style={{ color: secondary, fontSize: 24, lineHeight: '32px', margin: '16px 0' }}>
              {heading}
            </Heading>
            {paragraphs.map((paragraph) => (
              <Text key={paragraph} style={{ color: '#1f2933', fontSize: 16, lineHeight: '24px' }}>
                {paragraph}
              </Text>
            ))}
            <Button
              href={cta.href}
              data-brand-button=""
              style={{
                backgroundColor: button.background,
                color: button.color,
                borderRadius: 6,
                fontSize: 16,
                fontWeight: 700,
                padding: '12px 24px',
                textDecoration: 'none',
                display: 'inline-block',
                margin: '8px 0 16px',
              }}
            >
              {cta.label}
            </Button>
            <Text style={{ color: '#52606d', fontSize: 13, lineHeight: '20px' }}>
              Or open this address:{' '}
              <Link href={cta.href} style={{ color: secondary }}>
                {cta.href}
              </Link>
            </Text>
          </Section>
          <Hr style={{ borderColor: '#e4e7eb', margin: 0 }} />
          <Section style={{ padding: '16px 32px 24px', backgroundColor: '#f9fafb' }}>
            <Text style={{ color: '#52606d', fontSize: 12, lineHeight: '18px', margin: '4px 0' }}>
              {footer.companyName} · {footer.address}
            </Text>
            <Text style={{ color: '#52606d', fontSize: 12, lineHeight: '18px', margin: '4px 0' }}>
              <Link href={footer.nmls.href} style={{ color: '#52606d' }}>
                {footer.nmls.label}
              </Link>
              {' · '}
              {footer.customerService.phone.label} · {footer.customerService.email.label}
            </Text>
            {unsubscribeHref ? (
              <Text style={{ color: '#52606d', fontSize: 12, lineHeight: '18px', margin: '4px 0' }}>
                You receive reminders because you started an application.{' '}
                <Link href={unsubscribeHref} style={{ color: '#52606d' }}>
                  Unsubscribe from reminders
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
