import type { HonoRequest } from "hono";
import { invalidParameter } from "./graph-fault.ts";

/**
 * §0 — parameters may come in the query string, a form (urlencoded or multipart) or a JSON body.
 * Body values win over query values. JSON bodies keep native types; everything else is a string.
 */
export type Params = Record<string, unknown>;

export async function collectParams(request: HonoRequest): Promise<Params> {
  const params: Params = {};
  const url = new URL(request.url);
  for (const [key, value] of url.searchParams) params[key] = value;
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return params;
  const contentType = (request.header("content-type") ?? "").toLowerCase();
  try {
    if (contentType.includes("application/json")) {
      const text = await request.text();
      if (text.trim() !== "") {
        const body = JSON.parse(text) as unknown;
        if (body && typeof body === "object" && !Array.isArray(body)) Object.assign(params, body);
      }
    } else if (
      contentType.includes("application/x-www-form-urlencoded") ||
      contentType.includes("multipart/form-data")
    ) {
      const body = await request.parseBody();
      for (const [key, value] of Object.entries(body)) {
        if (typeof value === "string") params[key] = value;
      }
    }
  } catch {
    throw invalidParameter("Could not parse the request body");
  }
  return params;
}

export function stringParam(params: Params, key: string): string | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

export function boolParam(params: Params, key: string): boolean | undefined {
  const value = params[key];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "boolean") return value;
  const text = String(value).toLowerCase();
  if (text === "true" || text === "1") return true;
  if (text === "false" || text === "0") return false;
  throw invalidParameter(`Param ${key} must be a boolean`);
}

export function intParam(params: Params, key: string): number | undefined {
  const value = params[key];
  if (value === undefined || value === null || value === "") return undefined;
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(number)) throw invalidParameter(`Param ${key} must be a number`);
  return Math.trunc(number);
}

/** Array/object parameters arrive JSON-encoded in query/form values, or native in JSON bodies. */
export function jsonParam(params: Params, key: string): unknown {
  const value = params[key];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw invalidParameter(`Param ${key} must be JSON`);
  }
}
