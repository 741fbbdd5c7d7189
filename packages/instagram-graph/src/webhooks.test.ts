import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseSignedRequest } from "./signed-request.ts";
import { answerWebhookChallenge, parseWebhookPayload, verifyWebhookSignature } from "./webhooks.ts";

describe("webhook helpers (§6)", () => {
  const body =
    '{"object":"instagram","entry":[{"id":"1","time":1757093297900,"messaging":[{"sender":{"id":"2"},"recipient":{"id":"1"},"timestamp":1757093297378,"message":{"mid":"aWdf","text":"caf\\u00e9 \\/ ok"}}]}]}';
  const signature = `sha256=${createHmac("sha256", "secret").update(body).digest("hex")}`;

  it("verifies X-Hub-Signature-256 over the raw bytes, with any of several secrets", () => {
    expect(verifyWebhookSignature(body, signature, "secret")).toBe(true);
    expect(
      verifyWebhookSignature(new TextEncoder().encode(body), signature, ["other", "secret"]),
    ).toBe(true);
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(body)), signature, "secret")).toBe(
      false,
    );
    expect(verifyWebhookSignature(body, "sha256=00", "secret")).toBe(false);
    expect(verifyWebhookSignature(body, undefined, "secret")).toBe(false);
    expect(parseWebhookPayload(body).entry[0]!.messaging![0]!.message!.text).toBe("café / ok");
  });

  it("answers the verification handshake", () => {
    expect(
      answerWebhookChallenge(
        new URLSearchParams("hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=t"),
        "t",
      ),
    ).toEqual({ status: 200, body: "1158201444" });
    expect(
      answerWebhookChallenge(
        new URLSearchParams("hub.mode=subscribe&hub.challenge=1&hub.verify_token=x"),
        "t",
      ).status,
    ).toBe(403);
  });

  it("parses signed requests from deauthorize and data-deletion callbacks (§1.5)", () => {
    const payload = Buffer.from(
      JSON.stringify({ algorithm: "HMAC-SHA256", issued_at: 1_700_000_000, user_id: "123" }),
    ).toString("base64url");
    const sig = createHmac("sha256", "secret").update(payload).digest("base64url");
    expect(parseSignedRequest(`${sig}.${payload}`, "secret")).toMatchObject({
      user_id: "123",
      issued_at: 1_700_000_000,
    });
    expect(parseSignedRequest(`${sig}.${payload}`, "wrong")).toBeUndefined();
    expect(parseSignedRequest("garbage", "secret")).toBeUndefined();
  });
});
