import { Hono } from "hono";
import type { AppEnv } from "../../lib/app-types.ts";
import type { Logger } from "../../lib/logger.ts";

/** One thing the instance needs to serve: `run` resolves when it is fine, rejects otherwise. */
export type ReadinessCheck = {
  name: "database" | "migrations" | "storage" | "queue";
  run: (timeoutMs: number, signal: AbortSignal) => Promise<void>;
};

type CheckResult = "ok" | "failed" | "timeout";
type Outcome = { ready: boolean; failed: string[]; checks: Record<string, CheckResult> };

/** Load balancers probe every few seconds with a timeout of their own of 1–5 s. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

/**
 * `GET /api/ready` (decision 031): 200 when every check passes within its timeout, 503 naming the
 * checks that did not, and 503 with `shutdown` once the process is stopping, so a load balancer
 * takes the instance out before it closes. `/api/health` stays "the process answers".
 * The body names checks only: no error text, connection string or stack reaches it; the first
 * time a set of checks fails, the reasons go to the log.
 */
export function readyRoutes(deps: {
  checks: ReadinessCheck[];
  isShuttingDown: () => boolean;
  logger: Logger;
  timeoutMs?: number;
}) {
  const timeoutMs = deps.timeoutMs ?? READINESS_CHECK_TIMEOUT_MS;
  // Probes arriving while a round is running share it: a burst of probes costs one round.
  let inFlight: Promise<Outcome> | undefined;
  let lastFailed = "";

  async function runOne(check: ReadinessCheck): Promise<{ result: CheckResult; error?: unknown }> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<{ result: CheckResult }>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ result: "timeout" });
      }, timeoutMs);
    });
    const run = check.run(timeoutMs, controller.signal).then(
      () => ({ result: "ok" as const }),
      (error: unknown) => ({ result: "failed" as const, error }),
    );
    return Promise.race([run, late]).finally(() => clearTimeout(timer));
  }

  async function round(): Promise<Outcome> {
    const results = await Promise.all(deps.checks.map(runOne));
    const checks: Record<string, CheckResult> = {};
    const reasons: Record<string, string> = {};
    deps.checks.forEach((check, i) => {
      const { result, error } = results[i]!;
      checks[check.name] = result;
      if (result === "failed") reasons[check.name] = (error as Error)?.message ?? String(error);
    });
    const failed = Object.keys(checks).filter((name) => checks[name] !== "ok");
    // Logged when the set of failing checks changes, not at every probe.
    const key = failed.join(",");
    if (key !== lastFailed) {
      if (failed.length > 0) deps.logger.warn({ checks, reasons }, "not ready");
      else deps.logger.info("ready again");
      lastFailed = key;
    }
    return { ready: failed.length === 0, failed, checks };
  }

  return new Hono<AppEnv>().get("/", async (c) => {
    c.header("cache-control", "no-store");
    if (deps.isShuttingDown()) {
      return c.json(
        {
          status: "unavailable" as const,
          failed: ["shutdown"],
          checks: {} as Record<string, CheckResult>,
        },
        503,
      );
    }
    inFlight ??= round().finally(() => {
      inFlight = undefined;
    });
    const outcome = await inFlight;
    if (outcome.ready) {
      return c.json(
        { status: "ready" as const, failed: [] as string[], checks: outcome.checks },
        200,
      );
    }
    return c.json(
      { status: "unavailable" as const, failed: outcome.failed, checks: outcome.checks },
      503,
    );
  });
}
