import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/*
 * The server's Prometheus metrics (issue 28 point 6, decision 031). One registry per server
 * instance (never prom-client's global one): tests build several apps in one process, and each
 * must count only its own. Features record through the methods below and never see prom-client.
 *
 * Labels are kept few and bounded: route patterns and job names come from the code, Graph
 * endpoints are paths with every id replaced, and each label keeps at most a fixed number of
 * distinct values (later ones count as "other"), so nothing a request or a payload carries
 * (an id, an e-mail address, a token, a raw URL) can become a label or grow the series without
 * bound.
 */

/** Jobs waiting or running in one queue, as the queue's table says at scrape time. */
export type QueueDepth = { queue: string; state: "queued" | "deferred" | "active"; jobs: number };

/** What one Graph API attempt leaves in the metrics (see GraphCallInfo in instagram-graph). */
export type GraphCallObservation = {
  method: string;
  /** The Graph host's name in the client (`graphFacebook`, `graphInstagram`, `rupload`, …). */
  host: string;
  /** The requested path, ids and all: normalised here before it becomes a label. */
  path: string;
  error?: { kind: string; code: number } | undefined;
};

export interface AppMetrics {
  /** Prometheus' text format of every metric, read now (queue depth included). */
  render(): Promise<{ contentType: string; body: string }>;
  observeHttpRequest(request: {
    method: string;
    route: string;
    status: number;
    seconds: number;
  }): void;
  observeJob(job: string, seconds: number, outcome: "completed" | "failed"): void;
  /** A stored webhook delivery processed `seconds` after it was received. */
  observeWebhookLag(seconds: number): void;
  /** A realtime (SSE) stream opened; call the answer once when it closes. */
  realtimeStreamOpened(): () => void;
  observeGraphCall(call: GraphCallObservation): void;
  /** A scheduled post went live `seconds` after its scheduled time. */
  observePublishLateness(seconds: number): void;
  /** Where queue depth is read from at scrape time (the job queue, once it is started). */
  setQueueDepthSource(read: (timeoutMs: number) => Promise<QueueDepth[]>): void;
}

const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Queue depth must not hold a scrape up: Prometheus' own default timeout is 10 s. */
const QUEUE_DEPTH_TIMEOUT_MS = 2_000;

/**
 * A label's values, at most `max` distinct ones: any further value counts as "other". A guard,
 * not the plan: every label here has a small set of values by construction.
 */
export function boundedLabel(max: number): (value: string) => string {
  const seen = new Set<string>();
  return (value) => {
    if (seen.has(value)) return value;
    if (seen.size >= max) return "other";
    seen.add(value);
    return value;
  };
}

/** A Graph path segment that names an edge or a node type (`media`, `subscribed_apps`). */
const graphWord = /^[a-z][a-z_-]{0,39}$/;
const graphVersion = /^v\d+\.\d+$/;

/**
 * A Graph API path as a label: edge names stay, the version becomes `:version` and everything
 * else (user, media, container, comment, thread ids: digits or opaque strings) becomes `:id`.
 * `/17841400000000001/media` → `/:id/media`; `/v23.0/123/insights` → `/:version/:id/insights`.
 */
export function graphEndpointOf(path: string): string {
  const pathname = path.split("?", 1)[0] ?? "";
  const segments = pathname.split("/").filter(Boolean).slice(0, 6);
  if (segments.length === 0) return "/";
  return `/${segments
    .map((segment) =>
      graphVersion.test(segment) ? ":version" : graphWord.test(segment) ? segment : ":id",
    )
    .join("/")}`;
}

/** "2xx" … "5xx": the status class keeps the label to five values. */
export function statusClassOf(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

/** Meta's error code, or the kind of failure when Meta sent none (network, timeout, …). */
function graphErrorCode(error: { kind: string; code: number }): string {
  return error.code !== 0 ? String(error.code) : error.kind;
}

export function createMetrics(
  options: {
    /** Process metrics (CPU, memory, event loop, GC): only when /metrics is on. */
    processMetrics?: boolean;
    version?: string;
  } = {},
): AppMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: "sightline_" });

  new Gauge({
    name: "sightline_build_info",
    help: "Always 1; the running version as a label.",
    labelNames: ["version"],
    registers: [registry],
  }).set({ version: options.version ?? "unknown" }, 1);

  const httpDuration = new Histogram({
    name: "sightline_http_request_duration_seconds",
    help: "HTTP requests: time to the response, by route pattern (never the raw path), method and status class.",
    labelNames: ["method", "route", "status_class"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const routeLabel = boundedLabel(300);

  const jobDuration = new Histogram({
    name: "sightline_job_duration_seconds",
    help: "Jobs run by this process: time from start to end, by job name and outcome.",
    labelNames: ["job", "outcome"],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 300, 900],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: "sightline_job_failures_total",
    help: "Job runs that failed (the queue may retry them), by job name.",
    labelNames: ["job"],
    registers: [registry],
  });
  const jobLabel = boundedLabel(100);

  let readQueueDepth: ((timeoutMs: number) => Promise<QueueDepth[]>) | undefined;
  new Gauge({
    name: "sightline_job_queue_depth",
    help: "Jobs in the queue's table at scrape time, by queue and state (queued: due now; deferred: due later; active: running).",
    labelNames: ["queue", "state"],
    registers: [registry],
    async collect() {
      this.reset();
      if (!readQueueDepth) return;
      try {
        for (const { queue, state, jobs } of await readQueueDepth(QUEUE_DEPTH_TIMEOUT_MS)) {
          this.set({ queue: jobLabel(queue), state }, jobs);
        }
      } catch {
        depthFailures.inc();
      }
    },
  });
  // Registered after the gauge, so a scrape's own miss shows in that scrape.
  const depthFailures = new Counter({
    name: "sightline_queue_depth_read_failures_total",
    help: "Scrapes whose queue depth could not be read in time (the depth series are absent then).",
    registers: [registry],
  });

  const webhookLag = new Histogram({
    name: "sightline_webhook_lag_seconds",
    help: "Instagram webhook deliveries: time from being received (stored) to being processed.",
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600],
    registers: [registry],
  });

  const realtimeConnections = new Gauge({
    name: "sightline_realtime_connections",
    help: "Realtime (Server-Sent Events) streams open on this instance.",
    registers: [registry],
  });

  const graphCalls = new Counter({
    name: "sightline_graph_api_requests_total",
    help: "HTTP requests to the Graph API (each retry counts), by host, method and endpoint (ids replaced).",
    labelNames: ["host", "method", "endpoint"],
    registers: [registry],
  });
  const graphErrors = new Counter({
    name: "sightline_graph_api_errors_total",
    help: "Graph API requests that failed, by host, method, endpoint and Meta's error code (or network, timeout, http, upload, invalid_response when Meta sent none).",
    labelNames: ["host", "method", "endpoint", "code"],
    registers: [registry],
  });
  const endpointLabel = boundedLabel(150);
  const codeLabel = boundedLabel(60);

  const publishLateness = new Histogram({
    name: "sightline_publish_lateness_seconds",
    help: "Scheduled posts: time from the scheduled time to the post being live on Instagram.",
    buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
    registers: [registry],
  });

  const methodOf = (method: string) => (HTTP_METHODS.has(method) ? method : "OTHER");
  const seconds = (value: number) => Math.max(0, value);

  return {
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    observeHttpRequest(request) {
      httpDuration.observe(
        {
          method: methodOf(request.method),
          route: routeLabel(request.route || "unmatched"),
          status_class: statusClassOf(request.status),
        },
        seconds(request.seconds),
      );
    },
    observeJob(job, duration, outcome) {
      const name = jobLabel(job);
      jobDuration.observe({ job: name, outcome }, seconds(duration));
      if (outcome === "failed") jobFailures.inc({ job: name });
    },
    observeWebhookLag(lag) {
      webhookLag.observe(seconds(lag));
    },
    realtimeStreamOpened() {
      realtimeConnections.inc();
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        realtimeConnections.dec();
      };
    },
    observeGraphCall(call) {
      const labels = {
        host: call.host,
        method: methodOf(call.method),
        endpoint: endpointLabel(graphEndpointOf(call.path)),
      };
      graphCalls.inc(labels);
      if (call.error) graphErrors.inc({ ...labels, code: codeLabel(graphErrorCode(call.error)) });
    },
    observePublishLateness(lateness) {
      publishLateness.observe(seconds(lateness));
    },
    setQueueDepthSource(read) {
      readQueueDepth = read;
    },
  };
}
