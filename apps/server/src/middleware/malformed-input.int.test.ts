import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/create-test-app.ts";
import { uniqueEmail } from "../testing/factories.ts";
import { createHttpClient } from "../testing/http-client.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe("malformed input gets a 400 with the error shape, never a 500", () => {
  it("refuses a NUL character in a support message", async () => {
    const client = createHttpClient(testApp.app);
    const response = await client.post("/api/support/requests", {
      name: "Maya\u0000Chen",
      email: uniqueEmail("nul"),
      topic: "instagram",
      message: "My account does not appear after connecting it.\u0000 What should I check?",
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("validation_failed");
  });

  it("refuses a NUL character in a deletion status code", async () => {
    const response = await testApp.app.request(
      `/api/meta/data-deletion/status?code=${encodeURIComponent("ABCD\u0000EF")}`,
    );
    expect(response.status).toBe(422);
  });

  it("refuses multipart without a boundary and bodies that are not what they claim", async () => {
    for (const [type, body] of [
      ["multipart/form-data", "signed_request=abc"],
      ["multipart/form-data; boundary=", "--x\r\n"],
      ["application/x-www-form-urlencoded", "signed_request=%E0%A4%A"],
    ] as const) {
      const response = await testApp.app.request("/api/meta/data-deletion", {
        method: "POST",
        headers: { "content-type": type },
        body,
      });
      expect(response.status, type).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        "bad_request",
      );
    }
  });
});

describe("host names", () => {
  it("serves only the configured host names (DNS rebinding), health excepted", async () => {
    for (const path of ["/api/config", "/dev/mailbox", "/sandbox", "/api/dev/mailbox"]) {
      const foreign = await testApp.app.request(path, {
        headers: { host: "rebind.attacker.example:3000" },
      });
      expect(foreign.status, path).toBe(421);
      const local = await testApp.app.request(path, { headers: { host: "127.0.0.1:3000" } });
      expect(local.status, path).toBe(200);
    }
    const health = await testApp.app.request("/api/health", { headers: { host: "10.0.0.7" } });
    expect(health.status).toBe(200);
  });
});
