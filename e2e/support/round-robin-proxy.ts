import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small load balancer on 127.0.0.1 for tests and benchmarks of several instances (issue 28
 * point 8): round robin over the backends that answer `GET /api/ready` with 200, probed every
 * `probeEveryMs`; responses are streamed as they come (Server-Sent Events flow through). A
 * request whose connection is refused, or reset before any byte of an answer, goes to the next
 * backend, as nginx's `proxy_next_upstream error` does: any method when it never reached the
 * backend (refused, or a kept-alive connection the backend had closed), otherwise only methods
 * that are safe to repeat. The body is read whole first, so it can be sent again.
 *
 * A probe that gets no answer in `probeTimeoutMs` takes the backend out unless the backend
 * answered a request it was sent meanwhile (as Envoy's passive checks add to its active ones):
 * a busy backend is slow, not gone. One that answers its probe with anything but 200 (a stopping
 * instance's 503), or that refuses the connection, is out at once.
 */
export interface RoundRobinProxy {
  url: string;
  /** The backends' origins, in the order given. */
  backends: string[];
  /** Puts another origin in backend `index`'s place (an instance restarted on another port). */
  setBackend(index: number, origin: string): void;
  /** The backends the last probes found ready. */
  ready(): string[];
  /**
   * Answers per backend; connections a backend refused; requests sent again to another backend;
   * requests answered 503 because no backend was ready.
   */
  stats: { answered: Map<string, number>; refused: number; retried: number; unavailable: number };
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
]);
const REPEATABLE = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
  );
}

export async function startRoundRobinProxy(
  backendOrigins: string[],
  options: { probeEveryMs?: number; probeTimeoutMs?: number } = {},
): Promise<RoundRobinProxy> {
  const probeEveryMs = options.probeEveryMs ?? 200;
  const probeTimeoutMs = options.probeTimeoutMs ?? 1_000;
  const backendOf = (origin: string) => ({
    origin,
    url: new URL(origin),
    ready: false,
    probing: false,
    /** When the backend last answered a request sent through the proxy (performance.now()). */
    answeredAt: Number.NEGATIVE_INFINITY,
  });
  const backends = backendOrigins.map(backendOf);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const stats = { answered: new Map<string, number>(), refused: 0, retried: 0, unavailable: 0 };
  let next = 0;

  async function probe(backend: (typeof backends)[number]) {
    if (backend.probing) return;
    backend.probing = true;
    const sent = performance.now();
    try {
      const answer = await fetch(`${backend.origin}/api/ready`, {
        signal: AbortSignal.timeout(probeTimeoutMs),
      });
      await answer.body?.cancel();
      backend.ready = answer.status === 200;
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError";
      backend.ready = timedOut && backend.ready && backend.answeredAt >= sent;
    } finally {
      backend.probing = false;
    }
  }
  const probeAll = () => Promise.all(backends.map(probe));
  const timer = setInterval(() => void probeAll(), probeEveryMs);
  await probeAll();

  function pick(tried: Set<string>) {
    for (let i = 0; i < backends.length; i++) {
      const backend = backends[(next + i) % backends.length]!;
      if (backend.ready && !tried.has(backend.origin)) {
        next = (next + i + 1) % backends.length;
        return backend;
      }
    }
    return undefined;
  }

  function forward(
    incoming: IncomingMessage,
    response: ServerResponse,
    body: Buffer,
    tried: Set<string>,
  ) {
    const backend = pick(tried);
    if (!backend) {
      stats.unavailable += 1;
      response.writeHead(503, { "content-type": "text/plain" }).end("No backend is ready.\n");
      return;
    }
    tried.add(backend.origin);
    const headers = withoutHopByHop(incoming.headers);
    headers["content-length"] = String(body.length);
    headers["x-forwarded-for"] = [
      incoming.headers["x-forwarded-for"],
      incoming.socket.remoteAddress,
    ]
      .filter(Boolean)
      .join(", ");
    headers["x-forwarded-proto"] = "http";
    const upstream = request({
      agent,
      host: backend.url.hostname,
      port: backend.url.port,
      method: incoming.method,
      path: incoming.url,
      headers,
    });
    let answered = false;
    upstream.on("response", (answer) => {
      answered = true;
      backend.answeredAt = performance.now();
      stats.answered.set(backend.origin, (stats.answered.get(backend.origin) ?? 0) + 1);
      response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
      response.flushHeaders();
      answer.pipe(response);
      answer.on("error", () => response.destroy());
    });
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      // The client left first (and this request was given up for it): nothing to answer.
      if (response.destroyed) return;
      if (answered || response.headersSent) {
        response.destroy();
        return;
      }
      const neverReached =
        error.code === "ECONNREFUSED" || (error.code === "ECONNRESET" && upstream.reusedSocket);
      if (error.code === "ECONNREFUSED") {
        stats.refused += 1;
        // Until the next probe says otherwise.
        backend.ready = false;
      }
      if (neverReached || REPEATABLE.has(incoming.method ?? "")) {
        stats.retried += 1;
        forward(incoming, response, body, tried);
        return;
      }
      response.writeHead(502, { "content-type": "text/plain" }).end(`${error.code}\n`);
    });
    // The client went away (a closed event stream): so does the request to the backend.
    response.on("close", () => {
      if (!response.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  }

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => forward(incoming, response, Buffer.concat(chunks), new Set()));
    incoming.on("error", () => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get backends() {
      return backends.map((backend) => backend.origin);
    },
    setBackend(index, origin) {
      backends[index] = backendOf(origin);
    },
    ready: () => backends.filter((backend) => backend.ready).map((backend) => backend.origin),
    stats,
    close: async () => {
      clearInterval(timer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
    },
  };
}
