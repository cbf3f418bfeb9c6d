export {};

/**
 * Process entry. Tracing must patch the http and pg modules before anything loads them, so it
 * starts first (only when OTEL_EXPORTER_OTLP_ENDPOINT is set), then the server module is loaded.
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import('./lib/tracing');
  startTracing();
}
await import('./server');
