import { createMiddleware } from "hono/factory";
import { AppError } from "../lib/app-error.ts";
import type { AppEnv } from "../lib/app-types.ts";

const localHostnames = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Paths probes reach by the instance's address rather than by PUBLIC_URL's name. */
const anyHostPaths = new Set(["/api/health", "/api/ready", "/metrics"]);

/**
 * The host names the server answers to: PUBLIC_URL's, any listed in ALLOWED_HOSTS, plus the
 * loopback names when PUBLIC_URL is itself local. Ports are not compared (a proxy or the dev server may sit on another port).
 */
export function allowedHostnames(publicUrl: string, extra: readonly string[] = []): Set<string> {
  const hostname = new URL(publicUrl).hostname.toLowerCase();
  const names = new Set([hostname, ...extra.map((name) => name.toLowerCase())]);
  if (localHostnames.has(hostname)) for (const name of localHostnames) names.add(name);
  return names;
}

function hostnameOf(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1);
  return value.replace(/:\d*$/, "");
}

/**
 * Refuses requests for any other host name (DNS rebinding: a page on attacker.example whose name
 * later resolves to 127.0.0.1 would otherwise read the dev mailbox or drive the sandbox).
 * /api/health, /api/ready and /metrics stay open so that health checks, load balancers and
 * scrapers that reach the instance by its address keep working (/metrics has its own token).
 */
export function hostCheck(publicUrl: string, extra: readonly string[] = []) {
  const allowed = allowedHostnames(publicUrl, extra);
  return createMiddleware<AppEnv>(async (c, next) => {
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    if (!anyHostPaths.has(c.req.path) && !allowed.has(hostnameOf(host))) {
      throw new AppError("bad_request", "This server does not answer for that host name.");
    }
    await next();
  });
}

/**
 * multipart/form-data without a boundary cannot be parsed; answer 400 before any parser
 * (ours or Better Auth's) throws on it.
 */
export function multipartNeedsBoundary() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const type = c.req.header("content-type")?.toLowerCase();
    if (type?.startsWith("multipart/") && !/;\s*boundary=("[^"]+"|[^;\s]+)/.test(type)) {
      throw new AppError("bad_request", "A multipart body needs a boundary.");
    }
    await next();
  });
}
