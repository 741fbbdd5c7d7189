import { describe, expect, it } from "vitest";
import { trustedOriginsFor } from "./deps.ts";

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
