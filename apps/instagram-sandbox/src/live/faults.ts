import { z } from "zod";

/** Longest `pathGlob` accepted: matching is linear in it, and no caller needs more. */
export const MAX_PATH_GLOB_LENGTH = 200;

/**
 * Fault injection for tests (`POST /sandbox/_control/faults`). A fault matches by host, path
 * (exact, version stripped, e.g. `/me` or `/oauth/access_token`) or a glob where `*` stands for
 * any run of characters (`*\/media_publish`), and method; it fires `times` times (0 = until
 * cleared). Globs, not regular expressions: a caller-given regex could backtrack for seconds and
 * block the event loop.
 */
export const faultSpecSchema = z
  .object({
    host: z.string().optional(),
    path: z.string().optional(),
    pathGlob: z.string().min(1).max(MAX_PATH_GLOB_LENGTH).optional(),
    method: z.string().optional(),
    /**
     * Fires only for requests whose `metric` parameter lists this name (an insights metric Meta
     * stops answering, while the others of the same endpoint still answer).
     */
    metric: z.string().min(1).max(100).optional(),
    times: z.number().int().min(0).default(1),
    status: z.number().int().min(100).max(599).optional(),
    code: z.number().int().optional(),
    subcode: z.number().int().optional(),
    message: z.string().optional(),
    type: z.string().optional(),
    isTransient: z.boolean().optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    /** A raw response body (e.g. an HTML 502 page) instead of a Graph error. */
    body: z.string().optional(),
    /** rupload: commit the first half of the chunk before failing (an interrupted upload). */
    partial: z.boolean().optional(),
    /**
     * Graph API: carry the request out (a publish goes live), then drop the connection before
     * the answer is sent: the caller sees a network error and cannot tell what happened.
     */
    dropResponse: z.boolean().optional(),
    /** Rate-limit faults: minutes in `estimated_time_to_regain_access`. */
    regainMinutes: z.number().min(0).optional(),
  })
  .refine((spec) => spec.path !== undefined || spec.pathGlob !== undefined, {
    message: "path or pathGlob is required",
  });
export type FaultSpec = z.output<typeof faultSpecSchema>;

export type Fault = FaultSpec & { id: string; remaining: number; fired: number };

/**
 * `*` matches any run of characters, everything else itself. Greedy with one backtrack point
 * (the last `*`), so the cost stays O(glob × path) whatever the input.
 */
export function globMatches(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (g < glob.length && glob[g] === "*") {
      star = g;
      resume = t;
      g += 1;
    } else if (g < glob.length && glob[g] === text[t]) {
      g += 1;
      t += 1;
    } else if (star >= 0) {
      g = star + 1;
      resume += 1;
      t = resume;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob[g] === "*") g += 1;
  return g === glob.length;
}

export class FaultRegistry {
  private faults: Fault[] = [];
  private counter = 0;

  add(spec: FaultSpec): Fault {
    this.counter += 1;
    const fault: Fault = { ...spec, id: `fault-${this.counter}`, remaining: spec.times, fired: 0 };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return [...this.faults];
  }

  clear(): void {
    this.faults = [];
  }

  /** Finds the first matching fault and consumes one use of it. */
  take(host: string, path: string, method: string, metrics: string[] = []): Fault | undefined {
    const fault = this.faults.find(
      (entry) =>
        (entry.host === undefined || entry.host === host) &&
        (entry.metric === undefined || metrics.includes(entry.metric)) &&
        (entry.method === undefined || entry.method.toUpperCase() === method.toUpperCase()) &&
        (entry.path !== undefined ? entry.path === path : globMatches(entry.pathGlob ?? "", path)),
    );
    if (!fault) return undefined;
    fault.fired += 1;
    if (fault.times > 0) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults = this.faults.filter((entry) => entry !== fault);
    }
    return fault;
  }
}

const defaultMessages: Record<number, string> = {
  1: "An unknown error has occurred.",
  2: "An unexpected error has occurred. Please retry your request later.",
  4: "(#4) Application request limit reached",
  10: "(#10) Application does not have permission for this action",
  17: "(#17) User request limit reached",
  32: "(#32) Page request limit reached",
  190: "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.",
  200: "(#200) Permissions error",
  368: "(#368) The action attempted has been deemed abusive or is otherwise disallowed",
  613: "(#613) Calls within one hour have exceeded the rate limit.",
  80002:
    "(#80002) There have been too many calls to this Instagram account. Wait a bit and try again.",
  9007: "The media is not ready for publishing, please wait for a moment",
};

export const rateLimitCodes = new Set([4, 17, 32, 613, 80002]);

export function faultMessage(fault: Fault): string {
  if (fault.message !== undefined) return fault.message;
  if (fault.code === undefined) return defaultMessages[2]!;
  return defaultMessages[fault.code] ?? `(#${fault.code}) Sandbox injected fault`;
}

/** Usage headers that accompany an injected rate limit (§8.4). */
export function rateLimitHeaders(
  fault: Fault,
  accountId: string | undefined,
): Record<string, string> {
  if (fault.code === undefined || !rateLimitCodes.has(fault.code)) return {};
  const regain = fault.regainMinutes ?? 0;
  if (fault.code === 4) {
    return {
      "x-app-usage": JSON.stringify({ call_count: 100, total_cputime: 35, total_time: 60 }),
    };
  }
  return {
    "x-business-use-case-usage": JSON.stringify({
      [accountId ?? "0"]: [
        {
          type: "instagram",
          call_count: 100,
          total_cputime: 40,
          total_time: 70,
          estimated_time_to_regain_access: regain,
        },
      ],
    }),
  };
}

export function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
