/** The additional signers' (co-deeders') screens under /heloc-signer, and the borrower's invitations form. */
export { ResumePage, AcceptForm, RESUME_TITLE, LINK_PROBLEM_TITLE } from './components/resume-page';
export { SignerLoginPage, SIGNER_LOGIN_TITLE } from './components/signer-login-page';
export { CancelledPage, CANCELLED_TITLE } from './components/cancelled-page';
export { IdentityPage, IdentityForm, IDENTITY_TITLE } from './components/identity-page';
export { DocumentsPage, DOCUMENTS_TITLE, DOCUMENTS_DONE_TITLE } from './components/documents-page';
export {
  NotaryIntroPage,
  NotarySessionPage,
  NotaryErrorPage,
  NOTARY_INTRO_TITLE,
  NOTARY_SESSION_TITLE,
  NOTARY_ERROR_TITLE,
} from './components/notary-pages';
export {
  ConditionsIndexPage,
  ConditionUploadDocumentPage,
  ConditionIdentityPage,
  CONDITIONS_TITLE,
} from './components/conditions-pages';
export { InviteSignersForm, INVITE_FORM_TITLE, LIST_FORM_TITLE } from './components/invite-signers-form';
export { coDeedStatusQueryOptions } from './api/co-deed-api';
