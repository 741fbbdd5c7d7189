import { describe, expect, it } from "vitest";
import { CONFIRMATION_TTL_MS, createConfirmations } from "./confirmation.ts";

const confirmations = createConfirmations("a-secret-for-confirmations-only-0123456789");
const now = new Date("2026-11-29T12:00:00Z");
const bound = {
  tool: "schedule_post",
  tokenId: "token-1",
  input: { account: "1784", body: { caption: "Hello", items: [{ key: "a.jpg" }] } },
};

describe("confirmations", () => {
  it("confirm the same tool, token and input until they expire, with one client id", () => {
    const { confirmation, expiresAt } = confirmations.issue(bound, now);
    expect(expiresAt.getTime() - now.getTime()).toBe(CONFIRMATION_TTL_MS);
    const first = confirmations.check(confirmation, bound, now);
    expect(first).toEqual({ ok: true, clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // Keys in another order are the same input.
    const reordered = {
      ...bound,
      input: { body: { items: [{ key: "a.jpg" }], caption: "Hello" }, account: "1784" },
    };
    expect(confirmations.check(confirmation, reordered, new Date(expiresAt.getTime() - 1))).toEqual(
      first,
    );
    expect(confirmations.check(confirmation, bound, expiresAt)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuse another tool, token, input, secret or a changed part", () => {
    const { confirmation } = confirmations.issue(bound, now);
    const check = (changed: Partial<typeof bound>, value = confirmation) =>
      confirmations.check(value, { ...bound, ...changed }, now);
    expect(check({ tool: "draft_post" })).toEqual({ ok: false, reason: "invalid" });
    expect(check({ tokenId: "token-2" })).toEqual({ ok: false, reason: "invalid" });
    expect(check({ input: { ...bound.input, account: "1785" } })).toEqual({
      ok: false,
      reason: "other_input",
    });
    const [version, expiry, digest, signature] = confirmation.split(".");
    const later = (Number.parseInt(expiry!, 36) + 3_600_000).toString(36);
    expect(check({}, [version, later, digest, signature].join("."))).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(check({}, `${confirmation}x`)).toEqual({ ok: false, reason: "invalid" });
    expect(check({}, "c1.x")).toEqual({ ok: false, reason: "invalid" });
    expect(
      createConfirmations("another-secret-another-secret-0123456789").check(
        confirmation,
        bound,
        now,
      ),
    ).toEqual({ ok: false, reason: "invalid" });
  });
});
