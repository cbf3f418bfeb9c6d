/**
 * What the engine's service functions may use: the app's collaborators, never the request or the reply.
 * A service is verb-first and takes `(tx, deps, input)`: the transaction it runs in (usually the one
 * `withApplicationLock` opened on the application), these collaborators (each service names only the
 * ones it needs with `Pick`), and a plain input object. The route files keep the HTTP side: the schema,
 * authentication, the caller's application, the upload's parsing, the answer's shape.
 */
import type { FastifyInstance } from 'fastify';
import type { ApplicationRow } from '../../workflow/step-machine';

export type EngineDeps = Pick<FastifyInstance, 'clock' | 'sealer' | 'providers' | 'orgs' | 'storage'>;

/** A service's input for the caller's own application: the locked row and the borrower acting on it. */
export type OwnApplication = { application: ApplicationRow; identityUuid: string };
