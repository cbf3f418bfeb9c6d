/** Public surface of the org feature: the page's organisation, its theme, its footer and its hours. */
export { readOrgData, parseOrgData, ORG_DATA_ELEMENT_ID } from './api/read-org-data';
export { OrgProvider } from './components/org-provider';
export { NoOrgPage } from './components/no-org-page';
export { OrgSupportContacts } from './components/org-support-contacts';
export { OrgFooter } from './components/footer/org-footer';
export { operatingHoursQueryOptions, usePhoneHours } from './api/get-operating-hours';
export { useOrg } from './hooks/use-org';
export { buildOrgTheme, buildCssVariablesResolver } from './theme';
