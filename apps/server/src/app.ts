/**
 * Builds the Fastify application without listening, so tests drive it with `inject()` and
 * main.ts decides on the port. Order: ecosystem plugins → our plugins → decorators → routes.
 */
import Fastify, { type FastifyInstance, type preHandlerAsyncHookHandler, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonNestingExceeds, MAX_JSON_DEPTH } from '@heloc/domain';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db';
import { closingRoutes } from './engine/closing/routes';
import { bridgeWriteEvents } from './lib/write-events-bridge';
import { registerClosingJobs } from './engine/closing/jobs';
import { engineRoutes } from './engine/routes';
import { answerWritesWithStatus } from './engine/write-answer-status';
import { registerEngineJobs } from './engine/jobs';
import { registerSubmissionJobs, submissionRoutes } from './engine/submission';
import { JobWorker } from './jobs/worker';
import { deadJobRoutes } from './jobs/routes';
import { AppMetrics } from './lib/metrics';
import { databaseRateLimitStore } from './lib/rate-limit-store';
import { metricsPlugin } from './plugins/metrics';
import { listenForOrganisationChanges } from './modules/organisations/change-listener';
import { createFileStorage } from './storage/create';
import { systemClock, type Clock } from './lib/clock';
import { devClockRoutes } from './modules/dev-clock/routes';
import { AppError } from './lib/errors';
import { loggerOptions } from './lib/logger';
import type { FieldSealer } from './lib/sealed';
import { loadFieldSealer } from './lib/sealed';
import type { FileStorage } from './storage';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { errorHandlerPlugin } from './plugins/error-handler';
import { inputGuardPlugin } from './plugins/input-guard';
import { openApiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { applicationRoutes } from './modules/applications/routes';
import { featureFlagRoutes } from './modules/feature-flags/routes';
import { conditionRoutes } from './modules/conditions/routes';
import { consoleRoutes } from './modules/console/routes';
import { reportRoutes } from './modules/reports/routes';
import { exportRoutes } from './modules/exports/routes';
import { coDeedRoutes } from './modules/co-deed/routes';
import { outboxRoutes } from './mail/outbox-routes';
import { healthRoutes } from './modules/health/routes';
import { identityRoutes } from './modules/identity/routes';
import { passwordResetRoutes } from './modules/identity/password-reset-routes';
import { leadPortalRoutes } from './modules/lead-portal/routes';
import { operatingHoursRoutes } from './modules/operating-hours/routes';
import { OrganisationDirectory } from './modules/organisations/directory';
import { organisationRoutes } from './modules/organisations/routes';
import { profileRoutes } from './modules/profile/routes';
import { statusRoutes } from './modules/status/routes';
import { walletRoutes } from './modules/wallet/routes';
import { errorReportRoutes } from './modules/error-reports/routes';
import { experimentRoutes } from './modules/experiments/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { telemetryApplicationRoutes } from './modules/telemetry/application-routes';
import { TelemetryRecorder } from './modules/telemetry/recorder';
import { telemetryRoutes } from './modules/telemetry/routes';
import { webRoutes } from './modules/web/routes';
import { opsRoutes } from './modules/web/ops-routes';
import { createSandboxProviders, type Providers } from './providers';
import { createMailer, type Mailer } from './mail';
import { chatRoutes } from './modules/chat/routes';
import { deskRoutes } from './modules/chat/desk-routes';
import { PostgresConversationService } from './modules/chat/postgres-service';
import type { ConversationService } from './modules/chat/provider';
import { StaffDirectory } from './modules/chat/staff';
import { ChatTokens } from './modules/chat/tokens';
import { STAFF_TAG, staffPermissionNote } from './modules/staff/policy';
import { staffRoutes } from './modules/staff/routes';
import { staffReportRoutes } from './modules/staff/reports-routes';
import { registerWebhookJobs, webhookRoutes } from './modules/webhooks';
import { orgSettingsRoutes } from './modules/org-settings/routes';
import { borrowerMailRoutes, registerBorrowerMailJobs } from './modules/borrower-mail';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    databaseKind: string;
    orgs: OrganisationDirectory;
    /** "Now" for workflow and jobs (tests pass a ManualClock). */
    clock: Clock;
    providers: Providers;
    /** The durable job worker: main.ts starts its polling; tests call `jobs.runDue()`. */
    jobs: JobWorker;
    /** Outgoing e-mail: SMTP, or the database outbox (`npm run mail:outbox`). */
    mailer: Mailer;
    /** Uploaded and generated files (a local directory; in memory for tests). */
    storage: FileStorage;
    /** Seals fields at rest (SSNs, freeze PINs, account numbers; AES-256-GCM). */
    sealer: FieldSealer;
    /** The live-agent conversation service (ours on PostgreSQL; a hosted provider could replace it). */
    conversations: ConversationService;
    chatTokens: ChatTokens;
    staffDirectory: StaffDirectory;
    /**
     * One attempt budget per address shared by every route that checks a password (login, the
     * agent-side login, accepting a co-signer or staff invitation): trying another route does not
     * buy more guesses.
     */
    signInAttemptLimit: preHandlerAsyncHookHandler;
    /** Telemetry events on their way to the database in bulk (tests call `telemetry.flush()`). */
    telemetry: TelemetryRecorder;
  }
}

export type BuildOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Close the database with the app (main.ts); tests that share a database pass false. */
  closeDatabase?: boolean;
  /** Default: the system clock. */
  clock?: Clock;
  /** Default: the deterministic sandbox providers on the app's clock. */
  providers?: Providers;
  /** Default: from the configuration (createMailer). */
  mailer?: Mailer;
  /** Default: the configured storage (config.fileStorage: local directory, PostgreSQL or S3). */
  storage?: FileStorage;
  /** Sees every route as it is registered (the request-bodies test checks each write's body schema). */
  onRoute?: (route: RouteOptions) => void;
};

export async function buildApp({
  config,
  database,
  closeDatabase = true,
  clock = systemClock,
  providers,
  mailer,
  storage,
  onRoute,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Unknown body fields are dropped by the zod schemas; ids in logs tie a request's lines together.
    requestIdHeader: 'x-request-id',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);

  // Responses finished while closing tell keep-alive clients to go, so close() is not held
  // open by idle connections (a load balancer's pool would otherwise block shutdown).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // The web sends `Content-Type: application/json` on every call (spec 2 §7), also on POSTs that
  // carry nothing (logout, mark as read): an empty body is "no body", not a parse error; the
  // route's schema then decides whether a body was required.
  // Nesting is checked on the text before parsing: a body nested thousands deep used to overflow
  // the stack further on (issue 20); no schema of the API comes near MAX_JSON_DEPTH.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    const text = body.toString();
    if (jsonNestingExceeds(text, MAX_JSON_DEPTH)) {
      return done(new AppError('BAD_REQUEST', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    }
    return parseJson(request, text, done);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const https = config.env === 'production';
  await app.register(cookie);
  // Limits are per route (login, registration, …); the answer is the usual error body.
  await app.register(rateLimit, {
    global: false,
    // Shared through the database when several instances may run, so N instances do not multiply limits.
    ...(config.rateLimitStore === 'database' && {
      store: databaseRateLimitStore(database.db, (error) => app.log.warn({ err: error }, 'rate-limit purge')),
    }),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${context.after}.`),
  });
  // One store for all of them (each route-level limit would count on its own).
  app.decorate(
    'signInAttemptLimit',
    app.rateLimit({ max: config.authRateLimitPerMinute, timeWindow: '1 minute' }),
  );
  await app.register(securityPlugin, { https });
  // Before any route: it hooks every route as it is added.
  await app.register(compressionPlugin);
  await app.register(openApiPlugin, { enabled: config.docsEnabled });
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  const metrics = new AppMetrics();
  await app.register(metricsPlugin, {
    metrics,
    token: config.metricsToken,
    production: config.env === 'production',
  });

  const orgs = new OrganisationDirectory(database.db);
  await orgs.reload();
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  app.decorate('orgs', orgs);
  app.decorate('clock', clock);
  const engineProviders = providers ?? createSandboxProviders({ clock, latencyMs: config.sandboxLatencyMs });
  app.decorate('providers', engineProviders);
  const appMailer = mailer ?? createMailer(config, database.db, clock);
  app.decorate('mailer', appMailer);
  const jobs = new JobWorker(database.db, clock, app.log, {
    ...config.jobs,
    observer: metrics.jobObserver(),
  });
  if (!config.dataEncryptionKey)
    throw new Error('buildApp needs config.dataEncryptionKey (see resolveDataEncryptionKey)');
  // Sealing keys: HKDF from the secret, under the database's current key version (lib/sealed.ts).
  const sealer = await loadFieldSealer(
    database.db,
    config.dataEncryptionKey,
    config.previousDataEncryptionKeys,
  );
  const engineDeps = { db: database.db, clock, providers: engineProviders, orgs, sealer };
  registerEngineJobs(jobs, engineDeps);
  const files = storage ?? (await createFileStorage(config, database.db));
  registerSubmissionJobs(jobs, { ...engineDeps, storage: files });
  registerClosingJobs(jobs, { ...engineDeps, storage: files });
  registerWebhookJobs(jobs, { db: database.db, clock, sealer, log: app.log, config: config.webhooks });
  if (!config.jwtSecret) throw new Error('buildApp needs config.jwtSecret (see resolveJwtSecret)');
  const mailSecret = config.jwtSecret;
  registerBorrowerMailJobs(jobs, {
    db: database.db,
    clock,
    mailer: appMailer,
    orgs,
    storage: files,
    secret: mailSecret,
  });
  app.decorate('jobs', jobs);
  app.decorate('storage', files);
  app.decorate('sealer', sealer);
  // preClose runs before every onClose hook, so the job in hand finishes while the database is open.
  app.addHook('preClose', async () => jobs.stop());
  const telemetry = new TelemetryRecorder(database.db, { ...config.telemetry, log: app.log });
  telemetry.start();
  app.decorate('telemetry', telemetry);
  app.addHook('preClose', async () => telemetry.stop());
  // Organisation data changed by any instance (or an operator): every instance re-reads it.
  const orgChanges = await listenForOrganisationChanges({
    database,
    orgs,
    onError: (error) => app.log.warn({ err: error }, 'organisation reload failed'),
  });
  app.addHook('preClose', async () => orgChanges.close());
  // Several instances on one PostgreSQL: every instance's caches hear every instance's writes.
  if (database.kind === 'postgres') {
    const bridge = await bridgeWriteEvents({
      database,
      onError: (error) => app.log.warn({ err: error }, 'write-events bridge: %s', error.message),
    });
    app.addHook('onClose', async () => bridge.close());
  }
  if (closeDatabase) app.addHook('onClose', async () => database.close());
  if (!config.jwtSecret) throw new Error('buildApp needs config.jwtSecret (see resolveJwtSecret)');
  await app.register(authPlugin, {
    jwtSecret: config.jwtSecret,
    tokenTtlSeconds: config.tokenTtlSeconds,
    secureCookies: https,
    staffTwoFactorRequired: config.staffTwoFactorRequired,
  });

  // Routes behind app.authenticate say so in the OpenAPI document; staff routes go through the
  // staff policy (modules/staff/policy.ts): a route tagged `staff` without its permission check
  // stops the start, and the permission is written into the document.
  app.addHook('onRoute', (route) => {
    const handlers = [route.preHandler].flat();
    if (handlers.includes(app.authenticate) || handlers.includes(app.authenticateExternal)) {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] } as typeof route.schema;
    }
    const tags = (route.schema as { tags?: string[] } | undefined)?.tags ?? [];
    const permission = route.config?.staffPermission;
    const guarded = handlers.includes(app.requireStaffPermission);
    if (tags.includes(STAFF_TAG) || permission || guarded) {
      if (!tags.includes(STAFF_TAG) || !permission || !guarded) {
        throw new Error(
          `${route.method} ${route.url}: a staff route needs the tag '${STAFF_TAG}' and staffRoute(app, permission)`,
        );
      }
      const schema = route.schema as { description?: string } | undefined;
      route.schema = {
        ...route.schema,
        description: `${schema?.description ? `${schema.description}\n\n` : ''}${staffPermissionNote(permission)}`,
      } as typeof route.schema;
    }
  });

  // Chat: the conversation service (LISTEN on its own connection), tokens, the websocket.
  const conversations = await PostgresConversationService.create(database, clock, (error) =>
    app.log.warn({ err: error }, 'ignored a malformed chat notification'),
  );
  app.decorate('conversations', conversations);
  app.addHook('preClose', async () => conversations.close());
  app.decorate('chatTokens', new ChatTokens(config.jwtSecret, clock));
  app.decorate('staffDirectory', new StaffDirectory(database.db));
  const websocket = (await import('@fastify/websocket')).default;
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  metrics.attach({
    db: database.db,
    clock,
    telemetry: () => telemetry.stats,
    openSockets: () => app.websocketServer?.clients.size ?? 0,
  });

  await app.register(healthRoutes, { filesSplitAcrossInstances: config.filesSplitAcrossInstances });
  await app.register(organisationRoutes);
  await app.register(identityRoutes, {
    sessionTtlHours: config.sessionTtlHours,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
  });
  await app.register(passwordResetRoutes);
  await app.register(profileRoutes);
  await app.register(applicationRoutes);
  await app.register(statusRoutes);
  // Before the engine's routes: the hook applies to the routes registered after it.
  answerWritesWithStatus(app);
  await app.register(engineRoutes);
  await app.register(submissionRoutes);
  await app.register(closingRoutes);
  await app.register(conditionRoutes);
  await app.register(consoleRoutes);
  await app.register(reportRoutes);
  await app.register(exportRoutes);
  await app.register(coDeedRoutes, { sessionTtlHours: config.sessionTtlHours });
  await app.register(outboxRoutes);
  await app.register(walletRoutes);
  await app.register(leadPortalRoutes);
  await app.register(operatingHoursRoutes);
  await app.register(featureFlagRoutes);
  await app.register(chatRoutes, { defaultOrgCode: config.defaultOrgCode, ...config.chat });
  await app.register(deskRoutes);
  await app.register(experimentRoutes);
  await app.register(feedbackRoutes, { rateLimitPerMinute: config.authRateLimitPerMinute });
  await app.register(telemetryRoutes, { rateLimitPerMinute: config.telemetry.rateLimitPerMinute });
  await app.register(telemetryApplicationRoutes);
  await app.register(errorReportRoutes, {
    rateLimitPerMinute: config.telemetry.rateLimitPerMinute,
    sampleRate: config.telemetry.errorReportSampleRate,
  });
  await app.register(devClockRoutes);
  await app.register(staffRoutes, { sessionTtlHours: config.sessionTtlHours });
  await app.register(staffReportRoutes);
  await app.register(deadJobRoutes);
  await app.register(webhookRoutes, { config: config.webhooks });
  await app.register(orgSettingsRoutes);
  await app.register(borrowerMailRoutes, { secret: mailSecret });
  await app.register(webRoutes, {
    distDir: config.webDistDir,
    orgQueryParam: config.orgQueryParam,
    defaultOrgCode: config.defaultOrgCode,
    secureCookies: https,
  });
  await app.register(opsRoutes, { distDir: config.opsDistDir });

  return app;
}
