import { sandboxAppCredentials } from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { readRunnerConfig, sightlineMediaFetch } from "./runner.ts";

const secret = "x".repeat(40);

describe("the standalone runner's configuration", () => {
  it("on its own: one shared world, its state in SANDBOX_DATA_DIR", () => {
    const config = readRunnerConfig({ SANDBOX_DATA_DIR: "/tmp/sb" }, "/repo");
    expect(config.sightlineOrigin).toBeUndefined();
    expect(config.port).toBe(4010);
    expect(config.host).toBe("127.0.0.1");
    expect(config.options.publicOrigin).toBe("http://localhost:4010");
    expect(config.options.stateFile).toBe("/tmp/sb/instagram-sandbox.json");
    expect(config.options.webhookUrl).toBeUndefined();
    expect(config.options.spaceStateDir).toBeUndefined();
    expect(readRunnerConfig({}, "/repo").dataDir).toBe("/repo/.data/shared-sandbox");
  });

  it("for Sightline: every secret derived from SANDBOX_SECRET, as each instance derives them", () => {
    const config = readRunnerConfig({
      SANDBOX_SECRET: secret,
      SIGHTLINE_URL: "https://app.example.com/",
      PUBLIC_ORIGIN: "https://sandbox.example.com",
      SANDBOX_DATA_DIR: "/tmp/sb",
    });
    const app = sandboxAppCredentials(secret);
    expect(config.sightlineOrigin).toBe("https://app.example.com");
    expect(config.hostToken).toBe(app.hostToken);
    expect(config.options).toMatchObject({
      publicOrigin: "https://sandbox.example.com",
      appId: app.appId,
      appSecret: app.appSecret,
      instagramAppId: app.instagramAppId,
      instagramAppSecret: app.instagramAppSecret,
      webhookVerifyToken: app.webhookVerifyToken,
      controlToken: app.controlToken,
      webhookUrl: "https://app.example.com/webhooks/instagram",
      redirectUris: [
        "https://app.example.com/auth/instagram/callback",
        "https://app.example.com/facebook-callback",
      ],
      signInUrl: "https://app.example.com/settings?connect=instagram",
      spaceStateDir: "/tmp/sb/spaces",
    });
    expect(readRunnerConfig({ SANDBOX_SECRET: secret }).sightlineOrigin).toBe(
      "http://localhost:3000",
    );
  });

  it.each([
    [{ SIGHTLINE_URL: "http://localhost:3000" }, "SANDBOX_SECRET: is required with SIGHTLINE_URL"],
    [{ SANDBOX_SECRET: "short" }, "SANDBOX_SECRET: must be at least 32 characters"],
    [{ SANDBOX_SECRET: secret, META_APP_SECRET: "y".repeat(20) }, "META_APP_SECRET: is not read"],
    [
      { SANDBOX_SECRET: secret, SANDBOX_CONTROL_TOKEN: "z".repeat(20) },
      "SANDBOX_CONTROL_TOKEN: is not read",
    ],
    [{ SANDBOX_SEED: "x" }, "SANDBOX_SEED: must be a whole number"],
    [{ SANDBOX_QUOTA_TOTAL: "-1" }, "SANDBOX_QUOTA_TOTAL: must be a whole number"],
    [{ PUBLIC_ORIGIN: "ftp://x" }, "PUBLIC_ORIGIN: must start with http:// or https://"],
    [{ SANDBOX_SECRET: secret, SIGHTLINE_URL: "http://x/app" }, "SIGHTLINE_URL: must be an origin"],
    [{ PORT: "http" }, "PORT: must be a whole number"],
    [{ SANDBOX_ACTIVITY: "loud" }, "SANDBOX_ACTIVITY: must be off, low or high"],
  ])("refuses %o naming the variable", (source, message) => {
    expect(() => readRunnerConfig(source)).toThrow(message);
  });
});

describe("the runner's media downloads for Sightline", () => {
  it("reads only Sightline's own signed storage, without following redirects", async () => {
    const asked: Array<{ url: string; redirect: RequestInit["redirect"] }> = [];
    const fetchMedia = sightlineMediaFetch("https://app.example.com", (async (
      input: string | URL | Request,
      init?: RequestInit,
    ) => {
      asked.push({ url: String(input), redirect: init?.redirect });
      return new Response("bytes", { status: 200 });
    }) as typeof fetch);
    expect((await fetchMedia("https://app.example.com/storage/media/a.jpg?sig=1")).status).toBe(
      200,
    );
    for (const refused of [
      "https://app.example.com/api/me",
      "https://elsewhere.example.com/storage/media/a.jpg",
      "http://169.254.169.254/latest/meta-data",
      "not a url",
    ]) {
      expect((await fetchMedia(refused)).status).toBe(502);
    }
    expect(asked).toEqual([
      { url: "https://app.example.com/storage/media/a.jpg?sig=1", redirect: "manual" },
    ]);
  });
});
