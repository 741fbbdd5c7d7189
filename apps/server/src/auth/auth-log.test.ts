import { describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.ts";
import { authLog } from "./create-auth.ts";

describe("Better Auth's log lines", () => {
  it("keep an error's message, query and cause, without the query's parameters", () => {
    const lines: Array<Record<string, unknown>> = [];
    const log = authLog(
      createLogger("debug", false, { write: (line) => lines.push(JSON.parse(line)) }),
    );
    const failed = Object.assign(
      new Error(
        'Failed query: select "id" from "session" where "token" = $1\nparams: secret-token',
      ),
      {
        query: 'select "id" from "session" where "token" = $1',
        cause: Object.assign(new Error("timeout exceeded when trying to connect"), {
          code: "ETIMEDOUT",
        }),
      },
    );
    log("error", "Failed to get session", failed);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: "auth: Failed to get session",
      args: [
        {
          type: "Error",
          query: 'select "id" from "session" where "token" = $1',
          cause: { message: "timeout exceeded when trying to connect", code: "ETIMEDOUT" },
        },
      ],
    });
    expect(JSON.stringify(lines[0])).not.toContain("secret-token");
  });
});
