import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";
import { redactPath, serializeError } from "./redact.ts";

describe("redactPath", () => {
  it.each([
    ["/api/auth/reset-password/abc123", "/api/auth/reset-password/[redacted]"],
    [
      "/api/auth/verify-email?token=eyJhbGciOi.x.y&callbackURL=%2Fdone",
      "/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]",
    ],
    ["/api/things/0123456789abcdefghijKLMN/edit", "/api/things/[redacted]/edit"],
    [
      "/api/meta/data-deletion/status?code=ABCD1234",
      "/api/meta/data-deletion/status?code=[redacted]",
    ],
    ["/api/support/requests", "/api/support/requests"],
  ])("%s -> %s", (input, expected) => {
    expect(redactPath(input)).toBe(expected);
  });
});

describe("error serialization (issue 8, point 4)", () => {
  it("drops SQL parameters and database details from logged errors", () => {
    const cause = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      detail: "Key (email)=(victim@example.com) already exists.",
    });
    const error = new DrizzleQueryError(
      'insert into "support_requests" ("name", "email") values ($1, $2)',
      ["Maya Chen", "victim@example.com"],
      cause,
    );
    const lines: string[] = [];
    const logger = createLogger("info", false, { write: (line) => void lines.push(line) });
    logger.error({ err: error }, "unhandled error");
    const text = lines.join("");
    expect(text).toContain("support_requests");
    expect(text).toContain("23505");
    expect(text).not.toContain("victim@example.com");
    expect(text).not.toContain("Maya Chen");
    expect(serializeError(error).message).toMatch(/params: \[redacted\]$/);
  });
});
