import { describe, expect, it } from "vitest";
import { defaultRetryPolicy, maxAttempts, retryDelayAfter } from "./retry-schedule.ts";
import { generateWebhookSecret, signWebhook, verifyWebhookSignature } from "./signing.ts";

describe("webhook signatures", () => {
  const body = '{"id":"evt_1","type":"ping"}';

  it("signs `<timestamp>.<body>` with HMAC-SHA256 (a vector computed with openssl)", () => {
    // printf '%s' '1700000000.{"id":"evt_1","type":"ping"}' | openssl dgst -sha256 -hmac whsec_test
    expect(signWebhook("whsec_test", 1_700_000_000, body)).toBe(
      "v1=33ff6664879612e191c4e01184f3da32597a3c9b33ca2655fac317d01c5abc3f",
    );
  });

  it("verifies within the tolerance only, and refuses another body, secret or timestamp", () => {
    const header = signWebhook("whsec_test", 1_700_000_000, body);
    const check = (changes: Partial<Parameters<typeof verifyWebhookSignature>[0]>) =>
      verifyWebhookSignature({
        secret: "whsec_test",
        header,
        timestamp: "1700000000",
        body,
        nowSeconds: 1_700_000_100,
        toleranceSeconds: 300,
        ...changes,
      });
    expect(check({})).toBe(true);
    // A second scheme beside v1 (a future one) does not stop the check.
    expect(check({ header: `v2=abc, ${header}` })).toBe(true);
    expect(check({ body: `${body} ` })).toBe(false);
    expect(check({ secret: "whsec_other" })).toBe(false);
    expect(check({ timestamp: "1700000001" })).toBe(false);
    // A replay: the right signature, long after.
    expect(check({ nowSeconds: 1_700_000_000 + 301 })).toBe(false);
    expect(check({ timestamp: "soon" })).toBe(false);
  });

  it("makes a fresh 32-byte secret each time", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(generateWebhookSecret()).not.toBe(secret);
  });
});

describe("the retry schedule", () => {
  it("waits 1 min, 5 min, 30 min, 2 h and 6 h, then gives up after the sixth attempt", () => {
    const minutes = [1, 2, 3, 4, 5, 6].map((attempt) => {
      const delay = retryDelayAfter(defaultRetryPolicy, attempt);
      return delay === undefined ? undefined : delay / 60_000;
    });
    expect(minutes).toEqual([1, 5, 30, 120, 360, undefined]);
    expect(maxAttempts(defaultRetryPolicy)).toBe(6);
    expect(defaultRetryPolicy.disableAfter).toBe(5);
  });

  it("follows an injected schedule", () => {
    const policy = { delaysMs: [10], disableAfter: 1 };
    expect(retryDelayAfter(policy, 1)).toBe(10);
    expect(retryDelayAfter(policy, 2)).toBeUndefined();
  });
});
