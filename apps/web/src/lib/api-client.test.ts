import { afterEach, describe, expect, it, vi } from "vitest";
import { api, unwrap } from "./api-client.ts";
import { ApiError } from "./api-error.ts";

afterEach(() => vi.unstubAllGlobals());

function reply(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("api client", () => {
  it("calls the typed path and returns the body of a 2xx answer", async () => {
    const fetchMock = reply(200, { status: "ok", db: "pglite", version: "1" });
    await expect(unwrap(api.health.$get())).resolves.toEqual({
      status: "ok",
      db: "pglite",
      version: "1",
    });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/health",
      expect.objectContaining({ method: "GET", credentials: "same-origin" }),
    );
  });

  it("turns the one error shape into a typed ApiError with its issues", async () => {
    reply(422, {
      error: {
        code: "validation_failed",
        message: "Enter your name.",
        issues: [{ path: "name", message: "Enter your name." }],
      },
    });
    const error = await unwrap(
      api.support.requests.$post({
        json: { name: "", email: "a@b.co", topic: "bug", message: "x".repeat(30) },
      }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: "validation_failed",
      message: "Enter your name.",
      issues: [{ path: "name", message: "Enter your name." }],
    });
  });

  it("keeps the wording of our own rate-limit answers", async () => {
    reply(429, { error: { code: "rate_limited", message: "You have sent several messages." } });
    const error = await unwrap(api.health.$get()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, message: "You have sent several messages." });
  });

  it("reports a failed connection as a network ApiError (status 0)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const error = await unwrap(api.health.$get()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });
});
