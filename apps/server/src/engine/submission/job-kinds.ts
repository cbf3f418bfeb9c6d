/** Job kinds of the submission segment (kept apart so store.ts and the jobs import them without a cycle). */
export const SUBMISSION_JOB_KINDS = {
  /** Application summary, early HELOC disclosure and consumer booklet (GEN_APP_SUMMARY). */
  appSummary: 'documents.appSummary',
  /** The hard credit pull after submission (HARD_CREDIT_PULL). */
  hardPull: 'credit.hardPull',
  /** Hands the submitted application on to income verification (APP_SUBMISSION). */
  submitApplication: 'application.submit',
  /** The adverse action notice of a decline (any step that declines). */
  adverseActionNotice: 'documents.adverseAction',
} as const;
