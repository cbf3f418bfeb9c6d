/**
 * Self-serve organisation settings (issue 16 item 2): the document an organisation's admin edits in
 * the console, versioned on the server. A version holds the whole document (brand, contact,
 * licensed states, pricing and underwriting limits); publishing one writes it over the organisation
 * (`applyOrgSettings`), so the borrower pages, the underwriting job and every other reader of the
 * organisation see it. The rules a document must meet live here, shared by the server (which
 * refuses a bad draft with 400) and the console (which shows the same messages before sending).
 */
export * from './pricing-brand';
export * from './hours';
export * from './operations';
export * from './document';
export * from './api';
