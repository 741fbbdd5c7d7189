import { afterEach, describe, expect, it, vi } from "vitest";

const toastError = vi.hoisted(() => vi.fn());
vi.mock("sonner", () => ({ toast: { error: toastError } }));

const { createQueryClient } = await import("./query-client.ts");
const { ApiError } = await import("./api-error.ts");

afterEach(() => toastError.mockReset());

async function failMutation(error: unknown, meta?: { skipGlobalErrorToast?: boolean }) {
  const client = createQueryClient();
  const mutation = client.getMutationCache().build(client, {
    mutationFn: async () => {
      throw error;
    },
    meta,
  });
  await mutation.execute(undefined).catch(() => {});
}

describe("failed mutations (spec §8)", () => {
  it("show the destructive toast 'Operation failed' with the error's message", async () => {
    await failMutation(new ApiError(409, "conflict", "That time slot is taken."));
    expect(toastError).toHaveBeenCalledWith("Operation failed", {
      description: "That time slot is taken.",
    });
  });

  it("fall back to the spec's sentence when the error has no message", async () => {
    await failMutation(new Error(""));
    await failMutation("not an error");
    expect(toastError).toHaveBeenCalledTimes(2);
    for (const call of toastError.mock.calls) {
      expect(call).toEqual([
        "Operation failed",
        { description: "An unexpected error occurred. Please try again." },
      ]);
    }
  });

  it("stay quiet for a mutation that shows its own error", async () => {
    await failMutation(new Error("shown inline"), { skipGlobalErrorToast: true });
    expect(toastError).not.toHaveBeenCalled();
  });
});
