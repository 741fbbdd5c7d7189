import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";

/**
 * The one way the server fetches a URL that a user or a payload supplied (house rule 16). Every
 * hop, the first and each redirect, must pass the same rules: https, no credentials, a host
 * name rather than an IP literal, the caller's `allowUrl`, and only public addresses after DNS
 * resolution; the connection then goes to the address that was checked, never to a fresh
 * resolution, so a DNS rebind between check and connect changes nothing.
 */

export type SafeFetchReason =
  | "invalid_url"
  | "not_https"
  | "credentials"
  | "ip_literal"
  | "not_allowed"
  | "private_address"
  | "redirect_refused"
  | "too_many_redirects"
  | "too_large"
  | "timeout"
  | "network";

/** Reasons a URL itself is refused for (as opposed to what happened while fetching it). */
type UrlRefusal = Extract<
  SafeFetchReason,
  "invalid_url" | "not_https" | "credentials" | "ip_literal" | "not_allowed" | "private_address"
>;

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchReason,
    message: string,
    /** For `redirect_refused`: which rule the redirect's target broke. */
    readonly refusal?: UrlRefusal,
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Every address a host name resolves to (A and AAAA). */
export type SafeFetchLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** One request to one address that has passed the checks; redirects are not followed. */
export type SafeFetchTransport = (request: {
  url: URL;
  address: ResolvedAddress;
  method: "GET" | "HEAD" | "POST";
  headers: Record<string, string>;
  /** POST only (outgoing webhooks). */
  body?: Uint8Array;
  signal: AbortSignal;
}) => Promise<Response>;

export type SafeFetchOptions = {
  /** Checked on the first URL and on every redirect target, beside the built-in rules. */
  allowUrl: (url: URL) => boolean;
  maxRedirects?: number;
  maxBytes?: number;
  /** For the whole fetch: DNS, every hop and the body. */
  timeoutMs?: number;
  allowHttp?: boolean;
  lookup?: SafeFetchLookup;
  transport?: SafeFetchTransport;
  /**
   * Lets a local test server (127.0.0.1) be reached. Never set outside tests: it switches off
   * the check that keeps user-supplied URLs away from this machine and the private network.
   */
  allowPrivateAddressesForTests?: boolean;
};

export type SafeFetchInit = {
  method?: "GET" | "HEAD" | "POST";
  /** The only request headers sent; nothing of the incoming request is ever forwarded. */
  headers?: Partial<Record<(typeof sendableHeaders)[number], string>>;
  /** With POST: the request body (sent to the first hop only). */
  body?: string;
  /**
   * "manual": a redirect is answered as it came (its status and Location), not followed, as
   * outgoing webhooks do; "follow" (the default) follows it, each hop checked again.
   */
  redirect?: "follow" | "manual";
  signal?: AbortSignal;
};

export type SafeFetchResult = {
  status: number;
  /** The final hop's headers, without Set-Cookie. */
  headers: Headers;
  body: Uint8Array;
  /** The URL the body came from, after redirects. */
  url: string;
};

export type SafeFetch = (url: string | URL, init?: SafeFetchInit) => Promise<SafeFetchResult>;

const sendableHeaders = [
  "accept",
  "accept-language",
  "user-agent",
  // Conditional GET (feeds): validators the server itself handed out earlier.
  "if-none-match",
  "if-modified-since",
  // Outgoing webhooks (features/outgoing-webhooks): the body's type, the event and its signature.
  "content-type",
  "sightline-event",
  "sightline-delivery",
  "sightline-timestamp",
  "sightline-signature",
] as const;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

/**
 * Addresses a user-supplied URL must never reach: this host, private networks, link-local
 * (cloud metadata at 169.254.169.254), CGNAT, documentation/benchmark ranges, multicast and
 * reserved space. For IPv6 only global unicast (2000::/3) is public, less the ranges below.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  // Teredo and other IETF assignments, documentation, 6to4 (which tunnels to any IPv4 address).
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["3fff::", 20],
] as const) {
  blockedV6.addSubnet(network, prefix, "ipv6");
}

/** True for every address that is not a public unicast one. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  // IPv4-mapped (::ffff:a.b.c.d) is judged as the IPv4 address it stands for; the URL parser
  // writes every spelling of it one way, ::ffff:7f00:1.
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(
    new URL(`http://[${address}]`).hostname,
  );
  if (mapped) {
    const [high, low] = [mapped[1]!, mapped[2]!].map((group) => Number.parseInt(group, 16)) as [
      number,
      number,
    ];
    return blocked.check([high >> 8, high & 255, low >> 8, low & 255].join("."), "ipv4");
  }
  if (!globalUnicast.check(address, "ipv6")) return true;
  return blockedV6.check(address, "ipv6");
}

const defaultLookup: SafeFetchLookup = async (hostname) => {
  const addresses = await dnsLookup(hostname, { all: true, verbatim: true });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * node:http(s) with the `lookup` option answering the checked address: the socket goes there,
 * while the Host header and TLS SNI (and certificate check) stay those of the URL's host name.
 * No agent, so no pooled socket to an earlier address is reused.
 */
export function nodeTransport(tls: { ca?: string | Buffer } = {}): SafeFetchTransport {
  return ({ url, address, method, headers, body, signal }) =>
    new Promise<Response>((resolve, reject) => {
      const pinned: LookupFunction = (_hostname, options, callback) => {
        // With autoSelectFamily (the default since Node 20) net asks for every address.
        if (options.all) callback(null, [address]);
        else callback(null, address.address, address.family);
      };
      const secure = url.protocol === "https:";
      const request = (secure ? https : http).request(
        {
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port || (secure ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          method,
          headers: body ? { ...headers, "content-length": String(body.byteLength) } : headers,
          lookup: pinned,
          agent: false,
          signal,
          ...(secure ? { servername: url.hostname, ...(tls.ca ? { ca: tls.ca } : {}) } : {}),
        },
        (incoming) => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (value === undefined) continue;
            for (const item of Array.isArray(value) ? value : [value]) {
              responseHeaders.append(name, item);
            }
          }
          const status = incoming.statusCode ?? 0;
          const hasBody = method !== "HEAD" && !nullBodyStatuses.has(status);
          if (!hasBody) incoming.resume();
          try {
            resolve(
              new Response(hasBody ? (Readable.toWeb(incoming) as ReadableStream) : null, {
                status,
                headers: responseHeaders,
              }),
            );
          } catch (error) {
            // Response refuses statuses outside 200–599.
            incoming.destroy();
            reject(error);
          }
        },
      );
      request.on("error", reject);
      request.end(body ? Buffer.from(body) : undefined);
    });
}

function abortPromise(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/** Reads a body, stopping (and cancelling the stream) as soon as it grows past `maxBytes`. */
export async function readBodyCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new SafeFetchError("too_large", `The response is larger than ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The rules every hop passes, answering the address to connect to; throws SafeFetchError with
 * the rule broken. Also how a URL is checked when it is saved (outgoing webhooks), before any
 * request is made.
 */
export async function checkFetchableUrl(
  url: URL,
  options: Pick<
    SafeFetchOptions,
    "allowUrl" | "allowHttp" | "lookup" | "allowPrivateAddressesForTests"
  >,
  signal: AbortSignal,
): Promise<ResolvedAddress> {
  const lookup = options.lookup ?? defaultLookup;
  const allowedProtocol =
    url.protocol === "https:" || (options.allowHttp && url.protocol === "http:");
  if (!allowedProtocol) throw new SafeFetchError("not_https", "Only https URLs are fetched.");
  if (url.username !== "" || url.password !== "") {
    throw new SafeFetchError("credentials", "URLs with credentials are not fetched.");
  }
  // The WHATWG parser has already turned 2130706433, 0x7f.1 or 0177.0.0.1 into 127.0.0.1.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host) !== 0) {
    throw new SafeFetchError("ip_literal", "URLs naming an IP address are not fetched.");
  }
  if (!options.allowUrl(url)) {
    throw new SafeFetchError("not_allowed", "This host is not one we fetch from.");
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await Promise.race([lookup(host), abortPromise(signal)]);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new SafeFetchError("network", "The host name could not be resolved.");
  }
  const first = addresses[0];
  if (!first) throw new SafeFetchError("network", "The host name could not be resolved.");
  // Every answer, not just the first: a resolver could hand a different one to the connector.
  if (
    !options.allowPrivateAddressesForTests &&
    addresses.some(({ address }) => isPrivateAddress(address))
  ) {
    throw new SafeFetchError("private_address", "The host resolves to a private address.");
  }
  return first;
}

export function createSafeFetch(options: SafeFetchOptions): SafeFetch {
  const maxRedirects = options.maxRedirects ?? 3;
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const transport = options.transport ?? nodeTransport();
  const check = (url: URL, signal: AbortSignal) => checkFetchableUrl(url, options, signal);

  return async (input, init = {}) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([timeout, init.signal]) : timeout;
    const method = init.method ?? "GET";
    // A fresh set of headers: cookies, Authorization and the like can never ride along.
    const headers: Record<string, string> = { "accept-encoding": "identity" };
    for (const [name, value] of Object.entries(init.headers ?? {})) {
      const lower = name.toLowerCase();
      if (!(sendableHeaders as readonly string[]).includes(lower)) {
        throw new TypeError(`safeFetch does not send the ${name} header.`);
      }
      if (value !== undefined) headers[lower] = value;
    }

    try {
      let url: URL;
      try {
        url = new URL(input);
      } catch {
        throw new SafeFetchError("invalid_url", "The URL is not valid.");
      }
      for (let redirects = 0; ; redirects += 1) {
        let address: ResolvedAddress;
        try {
          address = await check(url, signal);
        } catch (error) {
          if (redirects > 0 && error instanceof SafeFetchError && error.reason !== "network") {
            throw new SafeFetchError(
              "redirect_refused",
              "The host redirected to a URL that is not fetched.",
              error.reason as UrlRefusal,
            );
          }
          throw error;
        }
        const requestBody =
          method === "POST" && init.body !== undefined && redirects === 0
            ? new TextEncoder().encode(init.body)
            : undefined;
        const response = await transport({
          url,
          address,
          method,
          headers,
          ...(requestBody ? { body: requestBody } : {}),
          signal,
        });
        const location = response.headers.get("location");
        if (
          init.redirect !== "manual" &&
          redirectStatuses.has(response.status) &&
          location !== null
        ) {
          await response.body?.cancel().catch(() => undefined);
          if (redirects >= maxRedirects) {
            throw new SafeFetchError("too_many_redirects", `More than ${maxRedirects} redirects.`);
          }
          try {
            url = new URL(location, url);
          } catch {
            throw new SafeFetchError(
              "redirect_refused",
              "The redirect target is not a valid URL.",
              "invalid_url",
            );
          }
          continue;
        }
        const length = Number(response.headers.get("content-length"));
        if (Number.isFinite(length) && length > maxBytes) {
          await response.body?.cancel().catch(() => undefined);
          throw new SafeFetchError("too_large", `The response is larger than ${maxBytes} bytes.`);
        }
        const body = await readBodyCapped(response, maxBytes);
        const responseHeaders = new Headers(response.headers);
        responseHeaders.delete("set-cookie");
        return { status: response.status, headers: responseHeaders, body, url: url.href };
      }
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      if (timeout.aborted) {
        throw new SafeFetchError("timeout", `No complete response within ${timeoutMs} ms.`);
      }
      throw new SafeFetchError("network", "The request failed.");
    }
  };
}
