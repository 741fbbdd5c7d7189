import { describe, expect, it } from "vitest";
import { unreachablePublicUrl } from "./connection-service.ts";
import type { InstagramContext } from "./context.ts";

const ctx = (mode: "meta" | "sandbox", publicUrl: string) =>
  ({ instagram: { mode }, publicUrl }) as unknown as Pick<
    InstagramContext,
    "instagram" | "publicUrl"
  >;

describe("saying when Instagram cannot fetch images from PUBLIC_URL (issue 13 point 6)", () => {
  it("names local and private addresses with real Meta", () => {
    for (const url of [
      "http://localhost:3000",
      "http://app.localhost",
      "http://studio.local",
      "http://127.0.0.1:3000",
      "http://10.1.2.3",
      "http://192.168.1.20:8080",
      "http://100.64.0.9",
      "http://[::1]:3000",
    ]) {
      expect(unreachablePublicUrl(ctx("meta", url)), url).toMatch(
        /cannot be reached from the internet/,
      );
    }
  });

  it("stays quiet for a public address, and in the sandbox (which fetches in process)", () => {
    expect(unreachablePublicUrl(ctx("meta", "https://app.sightline.example"))).toBeUndefined();
    expect(unreachablePublicUrl(ctx("meta", "http://93.184.215.14"))).toBeUndefined();
    expect(unreachablePublicUrl(ctx("sandbox", "http://localhost:3000"))).toBeUndefined();
  });
});
