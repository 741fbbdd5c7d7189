import { isIP } from "node:net";
import {
  createSafeFetch,
  isPrivateAddress,
  readBodyCapped,
  type SafeFetchError,
  type SafeFetchOptions,
} from "../../../lib/safe-fetch.ts";
import { type FeedDocument, FeedFormatError, parseFeedDocument } from "./feed-document.ts";

/** Feeds are small; a larger answer is not a feed we want (house rule 16: a byte cap). */
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 10_000;

/** A fetch that failed, in words the person who added the source can act on. */
export class FeedSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedSourceError";
  }
}

export type FeedValidators = { etag: string | null; lastModified: string | null };

export type FeedFetchResult =
  | { status: "not-modified" }
  | { status: "ok"; document: FeedDocument; etag: string | null; lastModified: string | null };

/**
 * The sandbox's own press feeds, injected by the composition root in sandbox mode
 * (sandbox-mount.ts): this feature never loads the sandbox itself.
 */
export type SandboxFeeds = {
  /** Where the sandbox serves `/sandbox/press/…`: this server's origin, or a shared sandbox's. */
  origin: string;
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  sampleFeeds: ReadonlyArray<{ title: string; slug: string }>;
};

export type FeedFetcher = {
  fetch(url: string, validators?: FeedValidators): Promise<FeedFetchResult>;
  /** The sandbox's sample feeds (sandbox mode only): one-click suggestions. */
  samples: Array<{ title: string; url: string }>;
};

const safeFetchMessages: Record<SafeFetchError["reason"], string> = {
  invalid_url: "That is not a valid web address.",
  not_https: "Only http:// and https:// feed addresses can be added.",
  credentials: "Feed addresses with a user name or password in them are not accepted.",
  ip_literal: "Use the feed's host name rather than an IP address.",
  not_allowed: "Feeds are not fetched from this host.",
  private_address:
    "This address points to a private or local network, which Sightline never fetches from.",
  redirect_refused:
    "The feed redirected to an address Sightline does not fetch from (a private or local network, credentials in the address, or not http/https).",
  too_many_redirects: "The feed redirected too many times.",
  too_large: `The feed is larger than ${FEED_MAX_BYTES / 1024 / 1024} MB.`,
  timeout: `The feed did not answer within ${FEED_TIMEOUT_MS / 1000} seconds.`,
  network:
    "The feed could not be reached (its host name did not resolve or the connection failed).",
};

function isSafeFetchError(error: unknown): error is SafeFetchError {
  return error instanceof Error && error.name === "SafeFetchError";
}

/** Refusals that need no request at all, with the most specific message. */
function checkAddress(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedSourceError(
      "That is not a valid web address. Feed addresses start with https://.",
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FeedSourceError(safeFetchMessages.not_https);
  }
  if (url.username !== "" || url.password !== "") {
    throw new FeedSourceError(safeFetchMessages.credentials);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host) !== 0) {
    throw new FeedSourceError(
      isPrivateAddress(host) ? safeFetchMessages.private_address : safeFetchMessages.ip_literal,
    );
  }
  return url;
}

const samplePath = /^\/sandbox\/press\/[a-z0-9-]+\.xml$/;

/**
 * Fetches feeds on a user's behalf: every URL through the safe fetch (http/https, no
 * credentials, public addresses only after DNS on every hop, byte and time caps), with
 * conditional GET. In sandbox mode only, the sandbox's own sample feeds (`<origin>/sandbox/press/…`)
 * are read from the sandbox itself (in process when mounted; a shared one over HTTP, decision 032);
 * without the sandbox those URLs are ordinary ones and get refused like any other local address.
 */
export function createFeedFetcher(options: {
  sandbox: SandboxFeeds | undefined;
  outboundFetch?: Pick<SafeFetchOptions, "lookup" | "transport" | "allowPrivateAddressesForTests">;
  timeoutMs?: number;
}): FeedFetcher {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const safeFetch = createSafeFetch({
    allowUrl: () => true,
    allowHttp: true,
    maxBytes: FEED_MAX_BYTES,
    timeoutMs,
    maxRedirects: 5,
    ...options.outboundFetch,
  });
  const isSample = (url: URL) =>
    options.sandbox !== undefined &&
    url.origin === options.sandbox.origin &&
    url.username === "" &&
    url.password === "" &&
    url.search === "" &&
    samplePath.test(url.pathname);

  return {
    samples: options.sandbox ? listSampleFeeds(options.sandbox) : [],
    async fetch(raw, validators) {
      // The sandbox's own samples first: its origin may well be 127.0.0.1 on this machine.
      let sampleUrl: URL | undefined;
      try {
        sampleUrl = new URL(raw);
      } catch {
        sampleUrl = undefined;
      }
      const url = sampleUrl && isSample(sampleUrl) ? sampleUrl : checkAddress(raw);
      const headers: Record<string, string> = {
        accept:
          "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
        "user-agent": "Sightline Press Radar (+feed reader)",
      };
      if (validators?.etag) headers["if-none-match"] = validators.etag;
      if (validators?.lastModified) headers["if-modified-since"] = validators.lastModified;

      let status: number;
      let responseHeaders: Headers;
      let body: Uint8Array;
      if (isSample(url)) {
        const response = await options.sandbox!.fetch(url.href, { headers });
        status = response.status;
        responseHeaders = response.headers;
        body = await readBodyCapped(response, FEED_MAX_BYTES);
      } else {
        try {
          const result = await safeFetch(url, { headers });
          ({ status, headers: responseHeaders, body } = result);
        } catch (error) {
          if (isSafeFetchError(error)) throw new FeedSourceError(safeFetchMessages[error.reason]);
          throw error;
        }
      }
      if (status === 304) return { status: "not-modified" };
      if (status < 200 || status > 299) {
        throw new FeedSourceError(
          `The feed answered with HTTP ${status}${status === 404 ? " (not found)" : ""}.`,
        );
      }
      const xml = new TextDecoder("utf-8", { fatal: false }).decode(body);
      try {
        return {
          status: "ok",
          document: parseFeedDocument(xml, url.href),
          etag: responseHeaders.get("etag")?.slice(0, 500) ?? null,
          lastModified: responseHeaders.get("last-modified")?.slice(0, 100) ?? null,
        };
      } catch (error) {
        if (error instanceof FeedFormatError) throw new FeedSourceError(error.message);
        throw error;
      }
    },
  };
}

function listSampleFeeds(sandbox: SandboxFeeds) {
  return sandbox.sampleFeeds.map((feed) => ({
    title: feed.title,
    url: `${sandbox.origin}/sandbox/press/${feed.slug}.xml`,
  }));
}
