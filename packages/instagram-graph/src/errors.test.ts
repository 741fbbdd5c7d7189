import { describe, expect, it } from "vitest";
import {
  GraphApiError,
  isOutsideMessagingWindow,
  isPermissionError,
  isRateLimited,
  isRetryable,
  isTokenInvalid,
} from "./errors.ts";

const graph = (code: number, subcode?: number, isTransient = false) =>
  new GraphApiError({
    kind: "graph",
    status: 400,
    message: "m",
    code,
    ...(subcode !== undefined ? { subcode } : {}),
    isTransient,
  });

describe("GraphApiError predicates (§8.2)", () => {
  it("classifies Meta's codes", () => {
    expect(isTokenInvalid(graph(190, 463))).toBe(true);
    expect(isTokenInvalid(graph(102))).toBe(true);
    expect(isTokenInvalid(graph(100))).toBe(false);
    expect([10, 200, 299].every((code) => isPermissionError(graph(code)))).toBe(true);
    expect([4, 17, 32, 613, 80002].every((code) => isRateLimited(graph(code)))).toBe(true);
    expect(isRateLimited(new Error("x"))).toBe(false);
  });

  it("tells a closed messaging window (10/2534022, 10/2018278) from a missing permission", () => {
    for (const subcode of [2534022, 2018278]) {
      expect(isOutsideMessagingWindow(graph(10, subcode))).toBe(true);
      expect(isPermissionError(graph(10, subcode))).toBe(false);
    }
    const byWords = new GraphApiError({
      kind: "graph",
      status: 403,
      type: "IGApiException",
      message: "This message is sent outside of allowed window.",
      code: 10,
    });
    expect(isOutsideMessagingWindow(byWords)).toBe(true);
    expect(isOutsideMessagingWindow(graph(10))).toBe(false);
    expect(isPermissionError(graph(10))).toBe(true);
  });

  it("treats generic service errors and flagged errors as transient, specific subcodes not", () => {
    expect(graph(2).isTransient).toBe(true);
    expect(graph(1).isTransient).toBe(true);
    expect(graph(1, 2207057).isTransient).toBe(false);
    expect(graph(100, undefined, true).isTransient).toBe(true);
    expect(isRetryable(graph(-2, 2207003))).toBe(true);
    expect(isRetryable(graph(9007, 2207027))).toBe(false);
    expect(isRetryable(graph(80002))).toBe(true);
    expect(isRetryable(new GraphApiError({ kind: "timeout", message: "t" }))).toBe(true);
    expect(
      isRetryable(new GraphApiError({ kind: "invalid_response", status: 200, message: "bad" })),
    ).toBe(false);
  });

  it("redacts its message and URL", () => {
    const error = new GraphApiError({
      kind: "graph",
      message: "bad token IGAAsecretsecret1",
      code: 190,
      method: "GET",
      url: "https://x/me?access_token=IGAAsecretsecret1",
    });
    expect(JSON.stringify(error)).not.toContain("IGAAsecretsecret1");
    expect(error.message).not.toContain("IGAAsecretsecret1");
  });
});
