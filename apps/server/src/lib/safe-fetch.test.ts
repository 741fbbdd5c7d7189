import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createSafeFetch,
  isPrivateAddress,
  nodeTransport,
  type SafeFetchError,
  type SafeFetchLookup,
  type SafeFetchOptions,
} from "./safe-fetch.ts";

const publicAddress = { address: "157.240.1.1", family: 4 } as const;
const loopback = { address: "127.0.0.1", family: 4 } as const;

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!error || (error as Error).name !== "SafeFetchError") {
    throw new Error(`expected a SafeFetchError, got ${String(error)}`);
  }
  return error as SafeFetchError;
}

/** A fetcher that must refuse before connecting: its transport fails the test if reached. */
function refusingFetch(options: Partial<SafeFetchOptions> = {}) {
  return createSafeFetch({
    allowUrl: () => true,
    lookup: async () => [publicAddress],
    transport: async () => {
      throw new Error("the transport should not have been reached");
    },
    ...options,
  });
}

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "0:0:0:0:0:ffff:10.0.0.1",
    "2002:7f00:1::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["157.240.1.1", "8.8.8.8", "2a03:2880:f10c:83:face:b00c:0:25de", "::ffff:8.8.8.8"])(
    "allows the public address %s",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

/**
 * Issue 25: both ends of every blocked range, and the addresses just outside them. The table is
 * written out here, not read from the implementation, so a wrong prefix there (172.16.0.0/16
 * instead of /12) shows up as a last address that is let through.
 */
describe("isPrivateAddress at the edges of every blocked range", () => {
  const v4Ranges: Array<[string, number]> = [
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
  ];
  const v4ToNumber = (address: string) =>
    address.split(".").reduce((sum, part) => sum * 256 + Number(part), 0);
  const v4FromNumber = (value: number) =>
    [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join(".");
  const v4Bounds = ([network, prefix]: [string, number]) => {
    const first = v4ToNumber(network);
    return { first, last: first + 2 ** (32 - prefix) - 1 };
  };
  const inSomeV4Range = (value: number) =>
    v4Ranges.some((range) => {
      const { first, last } = v4Bounds(range);
      return value >= first && value <= last;
    });

  it.each(v4Ranges)("refuses the first and last address of %s/%i", (network, prefix) => {
    const { first, last } = v4Bounds([network, prefix]);
    expect(isPrivateAddress(v4FromNumber(first))).toBe(true);
    expect(isPrivateAddress(v4FromNumber(last))).toBe(true);
    // And the same addresses written IPv4-mapped in IPv6.
    expect(isPrivateAddress(`::ffff:${v4FromNumber(first)}`)).toBe(true);
    expect(isPrivateAddress(`::ffff:${v4FromNumber(last)}`)).toBe(true);
  });

  it.each(v4Ranges)(
    "judges the neighbours just outside %s/%i by their own range",
    (network, prefix) => {
      const { first, last } = v4Bounds([network, prefix]);
      for (const outside of [first - 1, last + 1]) {
        if (outside < 0 || outside > 2 ** 32 - 1) continue;
        expect([v4FromNumber(outside), isPrivateAddress(v4FromNumber(outside))]).toEqual([
          v4FromNumber(outside),
          inSomeV4Range(outside),
        ]);
      }
    },
  );

  it("lets 172.15.255.255 and 172.32.0.0 through but not 172.31.255.255 (a /12, not a /16)", () => {
    expect(isPrivateAddress("172.31.255.255")).toBe(true);
    expect(isPrivateAddress("172.17.0.1")).toBe(true);
    expect(isPrivateAddress("172.15.255.255")).toBe(false);
    expect(isPrivateAddress("172.32.0.0")).toBe(false);
  });

  // IPv6: only global unicast 2000::/3 is public, less these.
  const v6Blocked: Array<[string, number]> = [
    ["2001::", 23],
    ["2001:db8::", 32],
    ["2002::", 16],
    ["3fff::", 20],
  ];
  const v6ToBigInt = (address: string) => {
    const [head, tail = ""] = address.split("::");
    const headParts = head ? head.split(":") : [];
    const tailParts = tail ? tail.split(":") : [];
    const parts = [
      ...headParts,
      ...Array(8 - headParts.length - tailParts.length).fill("0"),
      ...tailParts,
    ];
    return parts.reduce((sum, part) => (sum << 16n) + BigInt(Number.parseInt(part, 16)), 0n);
  };
  const v6FromBigInt = (value: bigint) =>
    Array.from({ length: 8 }, (_, index) =>
      ((value >> BigInt(16 * (7 - index))) & 0xffffn).toString(16),
    ).join(":");
  const v6Bounds = ([network, prefix]: [string, number]) => {
    const first = v6ToBigInt(network);
    return { first, last: first + (1n << BigInt(128 - prefix)) - 1n };
  };
  const globalUnicast = v6Bounds(["2000::", 3]);
  const v6IsPrivate = (value: bigint) =>
    value < globalUnicast.first ||
    value > globalUnicast.last ||
    v6Blocked.some((range) => {
      const { first, last } = v6Bounds(range);
      return value >= first && value <= last;
    });

  it.each(v6Blocked)(
    "refuses the first and last address of %s/%i, and judges its neighbours",
    (network, prefix) => {
      const { first, last } = v6Bounds([network, prefix]);
      expect(isPrivateAddress(v6FromBigInt(first))).toBe(true);
      expect(isPrivateAddress(v6FromBigInt(last))).toBe(true);
      for (const outside of [first - 1n, last + 1n]) {
        expect([v6FromBigInt(outside), isPrivateAddress(v6FromBigInt(outside))]).toEqual([
          v6FromBigInt(outside),
          v6IsPrivate(outside),
        ]);
      }
    },
  );

  it("allows both ends of global unicast 2000::/3 and refuses the addresses just outside it", () => {
    expect(isPrivateAddress(v6FromBigInt(globalUnicast.first))).toBe(false);
    expect(isPrivateAddress(v6FromBigInt(globalUnicast.last))).toBe(false);
    expect(isPrivateAddress(v6FromBigInt(globalUnicast.first - 1n))).toBe(true);
    expect(isPrivateAddress(v6FromBigInt(globalUnicast.last + 1n))).toBe(true);
  });
});

describe("safeFetch refusals before any connection", () => {
  it("refuses http unless allowed", async () => {
    expect((await refusal(refusingFetch()("http://cdn.test/a.jpg"))).reason).toBe("not_https");
    expect((await refusal(refusingFetch()("ftp://cdn.test/a.jpg"))).reason).toBe("not_https");
  });

  it("refuses URLs with credentials", async () => {
    const error = await refusal(refusingFetch()("https://user:secret@cdn.test/a.jpg"));
    expect(error.reason).toBe("credentials");
  });

  it.each([
    "https://127.0.0.1/x.jpg",
    "https://2130706433/x.jpg",
    "https://0x7f.1/x.jpg",
    "https://0177.0.0.1/x.jpg",
    "https://8.8.8.8/x.jpg",
    "https://[::1]/x.jpg",
    "https://[::ffff:127.0.0.1]/x.jpg",
  ])("refuses the IP literal %s", async (url) => {
    expect((await refusal(refusingFetch()(url))).reason).toBe("ip_literal");
  });

  it("refuses what allowUrl refuses", async () => {
    const allowUrl = vi.fn((url: URL) => url.hostname === "cdn.test");
    const error = await refusal(refusingFetch({ allowUrl })("https://other.test/a.jpg"));
    expect(error.reason).toBe("not_allowed");
    expect(allowUrl).toHaveBeenCalledOnce();
  });

  it("refuses a host when any one of its addresses is private", async () => {
    const lookup: SafeFetchLookup = async () => [publicAddress, { address: "10.0.0.5", family: 4 }];
    const error = await refusal(refusingFetch({ lookup })("https://cdn.test/a.jpg"));
    expect(error.reason).toBe("private_address");
  });

  it("refuses loopback by default, with the real resolver", async () => {
    const fetchWithRealDns = createSafeFetch({ allowUrl: () => true, allowHttp: true });
    const error = await refusal(fetchWithRealDns("http://localhost:9/a.jpg"));
    expect(error.reason).toBe("private_address");
  });

  it("reports a name that does not resolve as a network error", async () => {
    const lookup: SafeFetchLookup = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect((await refusal(refusingFetch({ lookup })("https://cdn.test/"))).reason).toBe("network");
  });

  it("refuses to send cookies or Authorization", async () => {
    const safeFetch = refusingFetch();
    await expect(
      safeFetch("https://cdn.test/", { headers: { cookie: "a=b" } as never }),
    ).rejects.toThrow(TypeError);
    await expect(
      safeFetch("https://cdn.test/", { headers: { Authorization: "Bearer x" } as never }),
    ).rejects.toThrow(TypeError);
  });
});

describe("safeFetch against a local server", () => {
  let server: http.Server;
  let port: number;
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push({ url: request.url ?? "", headers: request.headers });
      const url = new URL(request.url ?? "/", "http://local");
      switch (url.pathname) {
        case "/image":
          response.writeHead(200, {
            "content-type": "image/png",
            "set-cookie": "tracking=1",
          });
          response.end(Buffer.from([137, 80, 78, 71]));
          return;
        case "/redirect":
          response.writeHead(302, { location: url.searchParams.get("to") ?? "/image" });
          response.end();
          return;
        case "/echo": {
          // What came: the method, the body's type and the body (outgoing webhooks POST).
          const chunks: Buffer[] = [];
          request.on("data", (chunk: Buffer) => chunks.push(chunk));
          request.on("end", () => {
            response.writeHead(200, { "content-type": "text/plain" });
            response.end(
              `${request.method} ${request.headers["content-type"]} ${Buffer.concat(chunks)}`,
            );
          });
          return;
        }
        case "/loop":
          response.writeHead(301, { location: "/loop" });
          response.end();
          return;
        case "/declared-large":
          response.writeHead(200, { "content-type": "image/png", "content-length": "5000" });
          response.end(Buffer.alloc(5000));
          return;
        case "/streamed-large":
          // No Content-Length: only counting the bytes as they arrive can stop it.
          response.writeHead(200, { "content-type": "image/png" });
          response.write(Buffer.alloc(600));
          setTimeout(() => response.end(Buffer.alloc(600)), 20);
          return;
        case "/slow":
          response.writeHead(200, { "content-type": "image/png" });
          response.write(Buffer.alloc(10));
          // Never ends within the test's time cap.
          setTimeout(() => response.end(), 5_000).unref();
          return;
        default:
          response.writeHead(404);
          response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  function localFetch(options: Partial<SafeFetchOptions> = {}) {
    return createSafeFetch({
      allowUrl: () => true,
      allowHttp: true,
      allowPrivateAddressesForTests: true,
      lookup: async () => [loopback],
      ...options,
    });
  }

  it("fetches an image and leaves Set-Cookie behind", async () => {
    const result = await localFetch()(`http://cdn.test:${port}/image`, {
      headers: { accept: "image/*", "user-agent": "Sightline" },
    });
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("image/png");
    expect(result.headers.get("set-cookie")).toBeNull();
    expect([...result.body]).toEqual([137, 80, 78, 71]);
    const request = seen.at(-1)!;
    expect(request.headers.accept).toBe("image/*");
    expect(request.headers["user-agent"]).toBe("Sightline");
    expect(request.headers.cookie).toBeUndefined();
    expect(request.headers.authorization).toBeUndefined();
  });

  it("still refuses the loopback server without the test-only switch", async () => {
    const error = await refusal(
      localFetch({ allowPrivateAddressesForTests: false })(`http://cdn.test:${port}/image`),
    );
    expect(error.reason).toBe("private_address");
  });

  it("connects to the address it checked, with the URL's host name as Host", async () => {
    // A rebinding resolver: the check gets 127.0.0.1, any later lookup an unreachable address.
    const lookup = vi
      .fn<SafeFetchLookup>()
      .mockResolvedValueOnce([loopback])
      .mockResolvedValue([{ address: "192.0.2.1", family: 4 }]);
    const result = await localFetch({ lookup, timeoutMs: 2_000 })(
      `http://rebind.test:${port}/image`,
    );
    expect(result.status).toBe(200);
    expect(lookup).toHaveBeenCalledOnce();
    expect(seen.at(-1)!.headers.host).toBe(`rebind.test:${port}`);
  });

  it("follows a redirect, checking its target like the first URL", async () => {
    const allowUrl = vi.fn((_url: URL) => true);
    const lookup = vi.fn<SafeFetchLookup>(async () => [loopback]);
    const result = await localFetch({ allowUrl, lookup })(
      `http://cdn.test:${port}/redirect?to=${encodeURIComponent(`http://media.test:${port}/image`)}`,
    );
    expect(result.status).toBe(200);
    expect(result.url).toBe(`http://media.test:${port}/image`);
    expect(allowUrl.mock.calls.map(([url]) => String(url))).toEqual([
      `http://cdn.test:${port}/redirect?to=${encodeURIComponent(`http://media.test:${port}/image`)}`,
      `http://media.test:${port}/image`,
    ]);
    expect(lookup.mock.calls.map(([host]) => host)).toEqual(["cdn.test", "media.test"]);
  });

  it("refuses a redirect to a host allowUrl refuses", async () => {
    const safeFetch = localFetch({ allowUrl: (url) => url.hostname === "cdn.test" });
    const error = await refusal(
      safeFetch(`http://cdn.test:${port}/redirect?to=${encodeURIComponent("http://evil.test/")}`),
    );
    expect(error.reason).toBe("redirect_refused");
    expect(error.refusal).toBe("not_allowed");
  });

  it("refuses a redirect to a private address", async () => {
    const metadata = encodeURIComponent("http://metadata.test/latest/meta-data/");
    // The first hop checks as public and is carried to the local server; the second is real.
    const viaRedirect = createSafeFetch({
      allowUrl: () => true,
      allowHttp: true,
      lookup: async (host) =>
        host === "cdn.test" ? [publicAddress] : [{ address: "169.254.169.254", family: 4 }],
      transport: (request) => nodeTransport()({ ...request, address: loopback }),
    });
    const redirected = await refusal(
      viaRedirect(`http://cdn.test:${port}/redirect?to=${metadata}`),
    );
    expect(redirected.reason).toBe("redirect_refused");
    expect(redirected.refusal).toBe("private_address");
  });

  it("posts a body with its headers, and answers a redirect as it came when told not to follow", async () => {
    const posted = await localFetch()(`http://cdn.test:${port}/echo`, {
      method: "POST",
      body: '{"a":1}',
      headers: { "content-type": "application/json", "sightline-event": "ping" },
    });
    expect(new TextDecoder().decode(posted.body)).toBe('POST application/json {"a":1}');
    const before = seen.length;
    const manual = await localFetch()(
      `http://cdn.test:${port}/redirect?to=${encodeURIComponent("http://metadata.test/")}`,
      { redirect: "manual" },
    );
    expect(manual.status).toBe(302);
    expect(manual.headers.get("location")).toBe("http://metadata.test/");
    // Nothing followed it.
    expect(seen.length).toBe(before + 1);
  });

  it("refuses a redirect to an IP literal", async () => {
    const toIp = await refusal(
      localFetch()(
        `http://cdn.test:${port}/redirect?to=${encodeURIComponent("http://127.0.0.1/")}`,
      ),
    );
    expect(toIp.refusal).toBe("ip_literal");
  });

  it("stops after the maximum number of redirects", async () => {
    const error = await refusal(localFetch({ maxRedirects: 2 })(`http://cdn.test:${port}/loop`));
    expect(error.reason).toBe("too_many_redirects");
    const loops = seen.filter((request) => request.url === "/loop").length;
    expect(loops).toBe(3);
  });

  it("refuses a body whose Content-Length is over the cap", async () => {
    const error = await refusal(
      localFetch({ maxBytes: 1_000 })(`http://cdn.test:${port}/declared-large`),
    );
    expect(error.reason).toBe("too_large");
  });

  it("stops reading a body that grows over the cap", async () => {
    const error = await refusal(
      localFetch({ maxBytes: 1_000 })(`http://cdn.test:${port}/streamed-large`),
    );
    expect(error.reason).toBe("too_large");
    // Under the cap the same body is read whole.
    const whole = await localFetch({ maxBytes: 1_200 })(`http://cdn.test:${port}/streamed-large`);
    expect(whole.body.byteLength).toBe(1_200);
  });

  it("gives up when the whole fetch takes longer than the time cap", async () => {
    const started = performance.now();
    const error = await refusal(localFetch({ timeoutMs: 200 })(`http://cdn.test:${port}/slow`));
    expect(error.reason).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("counts a slow DNS answer against the time cap", async () => {
    const lookup: SafeFetchLookup = () => new Promise(() => undefined);
    const error = await refusal(localFetch({ lookup, timeoutMs: 100 })("http://cdn.test/"));
    expect(error.reason).toBe("timeout");
  });

  it("reports a refused connection as a network error", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await refusal(localFetch()(`http://cdn.test:${closedPort}/`));
    expect(error.reason).toBe("network");
  });
});

describe("safeFetch over TLS", () => {
  let server: https.Server;
  let port: number;
  let ca: string;
  let folder: string;
  const serverNames: (string | false | null)[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "safe-fetch-tls-"));
    const key = path.join(folder, "key.pem");
    const cert = path.join(folder, "cert.pem");
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"],
        ...["-nodes", "-days", "1", "-subj", "/CN=scontent.cdn.test"],
        ...["-addext", "subjectAltName=DNS:scontent.cdn.test", "-keyout", key, "-out", cert],
      ],
      { stdio: "ignore" },
    );
    ca = readFileSync(cert, "utf8");
    server = https.createServer({ key: readFileSync(key), cert: ca }, (request, response) => {
      response.writeHead(200, { "content-type": "image/jpeg" });
      response.end(request.headers.host);
    });
    server.on("secureConnection", (socket) => serverNames.push(socket.servername));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  it("connects to the checked address and still verifies the certificate of the host name", async () => {
    const lookup = vi.fn<SafeFetchLookup>(async () => [loopback]);
    const safeFetch = createSafeFetch({
      allowUrl: () => true,
      allowPrivateAddressesForTests: true,
      lookup,
      transport: nodeTransport({ ca }),
    });
    const result = await safeFetch(`https://scontent.cdn.test:${port}/a.jpg`);
    expect(new TextDecoder().decode(result.body)).toBe(`scontent.cdn.test:${port}`);
    expect(serverNames.at(-1)).toBe("scontent.cdn.test");
    expect(lookup).toHaveBeenCalledOnce();
  });

  it("fails when the certificate does not name the host", async () => {
    const safeFetch = createSafeFetch({
      allowUrl: () => true,
      allowPrivateAddressesForTests: true,
      lookup: async () => [loopback],
      transport: nodeTransport({ ca }),
    });
    const error = await refusal(safeFetch(`https://other.cdn.test:${port}/a.jpg`));
    expect(error.reason).toBe("network");
  });
});
