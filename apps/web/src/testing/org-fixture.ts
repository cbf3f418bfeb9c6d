/** A valid organisation for tests, parsed with the real schema so it cannot drift from it. */
import { ZOrgData } from '@heloc/domain';
import type { TOrgData } from '@heloc/domain';

export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40">' +
  '<rect width="40" height="40" rx="8" fill="#1c7ed6"/><text x="48" y="27" font-size="20">Acme</text></svg>';

type DeepPartialOrg = {
  orgCode?: string;
  canonicalOrgCode?: string;
  brandName?: string;
  licensedStates?: string[];
  allowRegulatorReview?: boolean;
  toggles?: Record<string, boolean>;
  privacyLinkIsExternal?: boolean;
  pricing?: TOrgData['orgPricingData'];
};

export function orgFixture(overrides: DeepPartialOrg = {}): TOrgData {
  return ZOrgData.parse({
    orgCode: overrides.orgCode ?? 'ACME',
    canonicalOrgCode: overrides.canonicalOrgCode ?? 'ACME',
    orgBrand: {
      name: overrides.brandName ?? 'Acme Lending',
      colors: { primary: '#1c7ed6', secondary: '#343a40' },
      logoSvg: LOGO_SVG,
    },
    baseUrl: 'https://heloc.acme.test',
    orgMetaData: {
      kind: 'MORTGAGE_COMPANY',
      companyInfo: {
        companyName: 'Acme Lending, LLC',
        companyNameShort: 'Acme',
        companyProduct: 'Acme HELOC',
        companyNMLS: '123456',
        companyNmlsURL: 'https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/123456',
        termsOfUseUrl: '/terms',
        privacyPolicyUrl: 'https://acme.test/privacy',
        privacyLinkIsExternal: overrides.privacyLinkIsExternal ?? false,
        licensesUrl: '/licenses',
        companyLegalUrl: 'https://acme.test/legal',
        footerImage: 'EHL',
        disclosureCopy: '',
        companyAddress: {
          street1: '1 MARKET STREET',
          street2: 'SUITE 400',
          city: 'SAN FRANCISCO',
          state: 'CA',
          zip: '94105',
        },
        phoneFormatted: '(888) 819-6388',
        email: 'help@acme.test',
        organization: 'a Delaware limited liability company',
        extraFooterUrls: [{ type: 'FOOTER', url: 'https://acme.test/accessibility', name: 'Accessibility' }],
      },
      products: {
        heloc: {
          licensedStates: overrides.licensedStates ?? ['TX', 'CA', 'FL'],
          referrerRequired: false,
          wholesale: false,
          allowRegulatorReview: overrides.allowRegulatorReview ?? false,
          publicFeatureToggles: overrides.toggles ?? {},
        },
      },
    },
    orgPricingData: overrides.pricing ?? [],
  });
}
