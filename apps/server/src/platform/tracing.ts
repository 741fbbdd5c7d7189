import type { IncomingMessage } from "node:http";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { redactPath } from "../lib/redact.ts";

/*
 * OpenTelemetry tracing (issue 28 point 6, decision 031), started by index.ts before the app is
 * built, and only when OTEL_EXPORTER_OTLP_ENDPOINT is set: index.ts imports this file
 * dynamically, and this file imports the SDK dynamically, so a server without tracing never
 * loads any of it (the server bundle leaves the SDK out too: scripts/server-build.mjs).
 *
 * What is traced: incoming requests (the http instrumentation; each span named after Hono's
 * route pattern by `traceRoute`), outgoing fetch calls such as Meta's Graph API (undici) and
 * PostgreSQL queries (pg; PGlite has no instrumentation). URLs in spans are redacted as the
 * request log redacts them (lib/redact.ts): no token, code or signature leaves in a span.
 */

export interface Tracing {
  /** Names the current request's span `GET /api/scheduled-posts/:id` and sets `http.route`. */
  traceRoute(method: string, route: string): void;
  /** Sends what is still buffered; call once, after the server stopped. */
  shutdown(): Promise<void>;
}

/** Requests not worth a span: probes and scrapes, every few seconds. */
const UNTRACED_PATHS = new Set(["/api/health", "/api/ready", "/metrics"]);

export async function startTracing(options: {
  /** `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`. */
  tracesUrl: string;
  serviceName: string;
  version: string;
  /** Where the SDK's own failures (an unreachable collector) are reported, at most once a minute. */
  warn: (message: string) => void;
}): Promise<Tracing> {
  const [
    { NodeSDK, api, resources },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { UndiciInstrumentation },
    { PgInstrumentation },
  ] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-undici"),
    import("@opentelemetry/instrumentation-pg"),
  ]);

  let lastWarning = 0;
  const report = (...args: unknown[]) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" ");
    options.warn(`tracing: ${text.slice(0, 300)}`);
  };
  const noop = () => {};
  api.diag.setLogger(
    { error: report, warn: report, info: noop, debug: noop, verbose: noop },
    api.DiagLogLevel.WARN,
  );

  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    resource: resources.resourceFromAttributes({ "service.version": options.version }),
    traceExporter: new OTLPTraceExporter({ url: options.tracesUrl }),
    // Traces only: metrics are Prometheus' (/metrics), and nothing writes OTel logs.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) =>
          UNTRACED_PATHS.has((request.url ?? "/").split("?", 1)[0] ?? "/"),
        startIncomingSpanHook: (request: IncomingMessage) => redactedUrlAttributes(request.url),
      }),
      new UndiciInstrumentation({
        startSpanHook: (request) => {
          const redacted = redactedUrlAttributes(request.path);
          return { ...redacted, "url.full": `${request.origin}${redactPath(request.path)}` };
        },
      }),
      // Queries inside a request or a job (pg-boss traces its jobs); not the queue's idle polls,
      // which would be most of the spans.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();

  // The instrumentations patch a module when it is required after they start. The server loaded
  // `node:http` and `pg` before this ran (static imports, and the bundle imports them first), so
  // they are required once more here: the patch lands on the same module objects (http.Server's
  // prototype, pg's Client and Pool classes) that the app already holds.
  const requireModule = createRequire(import.meta.url);
  for (const name of ["http", "https", "pg", "pg-pool"]) {
    try {
      requireModule(name);
    } catch {
      // Not installed (pg-pool comes with pg): nothing to patch.
    }
  }
  syncBuiltinESMExports();

  return {
    traceRoute(method, route) {
      const span = api.trace.getActiveSpan();
      if (!span) return;
      span.setAttribute("http.route", route);
      span.updateName(`${method} ${route}`);
    },
    shutdown: () => sdk.shutdown(),
  };
}

/** `url.path` and `url.query` as the request log would write them (tokens redacted). */
function redactedUrlAttributes(pathAndQuery: string | undefined): Record<string, string> {
  const safe = redactPath(pathAndQuery ?? "/");
  const queryAt = safe.indexOf("?");
  return queryAt === -1
    ? { "url.path": safe }
    : { "url.path": safe.slice(0, queryAt), "url.query": safe.slice(queryAt + 1) };
}
