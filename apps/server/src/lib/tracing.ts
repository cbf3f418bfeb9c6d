/**
 * OpenTelemetry tracing, started by main.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set (otherwise
 * this module is never imported: no overhead). HTTP (incoming requests and outgoing calls) and
 * PostgreSQL (node-postgres) are instrumented; job attempts open their own spans (jobs/worker.ts).
 * Exported over OTLP/HTTP to `$OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces`; the standard OTEL_*
 * variables (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, …) apply.
 * PGlite (the embedded database) runs in-process and has no driver to instrument.
 */
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { beforeExit } from './exit-hooks';

export function startTracing(): NodeSDK {
  // Traces only: metrics are prom-client's (/metrics), logs are pino's.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'heloc-server',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      // Health probes and metric scrapes would drown the useful spans.
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => /^\/(healthz|readyz|metrics)\b/.test(request.url ?? ''),
      }),
      // Query text without parameters (they may carry personal data).
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  beforeExit.push(() => sdk.shutdown());
  return sdk;
}
