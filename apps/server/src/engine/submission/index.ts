/** The submission segment of the engine: register its jobs and routes (app.ts). */
export { submissionRoutes } from './routes';
export { registerSubmissionJobs, type SubmissionDeps } from './jobs';
