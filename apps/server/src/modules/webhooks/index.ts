/** Webhooks: subscriptions, signed deliveries from the job queue, the console's routes. */
export { registerWebhookJobs } from './jobs';
export { webhookRoutes } from './routes';
