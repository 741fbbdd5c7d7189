import { sandboxAppCredentials } from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { deriveSecret, trustedOriginsFor } from "./deps.ts";

describe("trustedOriginsFor", () => {
  it("trusts Vite's dev server (:5173) in development only", () => {
    const dev = trustedOriginsFor({ nodeEnv: "development", publicUrl: "http://localhost:3000" });
    expect(dev).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://localhost:5173",
      "http://127.0.0.1:5173",
    ]);
    for (const nodeEnv of ["production", "test"] as const) {
      const origins = trustedOriginsFor({ nodeEnv, publicUrl: "http://localhost:3000" });
      expect(origins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
    }
  });

  it("trusts only the public origin for a real host in production", () => {
    expect(
      trustedOriginsFor({ nodeEnv: "production", publicUrl: "https://app.sightline.example" }),
    ).toEqual(["https://app.sightline.example"]);
  });
});

describe("the sandbox app's credentials", () => {
  it("are the ones an existing embedded installation derived from AUTH_SECRET (its tokens stay valid)", () => {
    const secret = "an-auth-secret-an-auth-secret-0123456789";
    const app = sandboxAppCredentials(secret);
    expect(app.appId).toBe("1000000000000001");
    expect(app.instagramAppId).toBe("1000000000000002");
    expect(app.appSecret).toBe(deriveSecret(secret, "instagram-sandbox-app"));
    expect(app.instagramAppSecret).toBe(deriveSecret(secret, "instagram-sandbox-instagram-app"));
    expect(app.webhookVerifyToken).toBe(
      deriveSecret(secret, "instagram-sandbox-webhook-verify-token"),
    );
    const values = Object.values(app);
    expect(new Set(values).size).toBe(values.length);
  });
});
