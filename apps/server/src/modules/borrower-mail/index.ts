/** The borrower's transactional e-mails, the bell beside them, and reminders (issue 19 items 2–3). */
export { registerBorrowerMailJobs } from './jobs';
export { borrowerMailRoutes } from './routes';
