import { afterEach, describe, expect, it, vi } from "vitest";

const toastError = vi.hoisted(() => vi.fn());
vi.mock("./toast.ts", () => ({ toast: { error: toastError } }));

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

describe("a plan's refusal (issue 30)", () => {
  it("opens 'Upgrade your plan' with what the server named, instead of a failure toast", async () => {
    const { onPlanRequired, toApiError } = await import("./api-error.ts");
    const heard: unknown[] = [];
    const stop = onPlanRequired((detail) => heard.push(detail));
    const refused = await toApiError(
      new Response(
        JSON.stringify({
          error: {
            code: "plan_required",
            message: "The Premium plan includes team members and client reports.",
            capability: "teamMembers",
            plan: "pro",
            requiredPlan: "premium",
          },
        }),
        { status: 403, headers: { "content-type": "application/json" } },
      ),
    );
    // Reading the answer alone opens nothing: a page's own reads show their lock in place.
    expect(heard).toEqual([]);
    await failMutation(refused);
    stop();
    expect(heard).toEqual([{ capability: "teamMembers", plan: "pro", requiredPlan: "premium" }]);
    expect(toastError).not.toHaveBeenCalled();
  });

  it("ignores a 403 whose capability or plan it does not know: a toast as for any failure", async () => {
    const { onPlanRequired, toApiError } = await import("./api-error.ts");
    const heard: unknown[] = [];
    const stop = onPlanRequired((detail) => heard.push(detail));
    const odd = await toApiError(
      new Response(
        JSON.stringify({
          error: { code: "plan_required", message: "No.", capability: "teleport", plan: "gold" },
        }),
        { status: 403 },
      ),
    );
    expect(odd.planRequired).toBeUndefined();
    await failMutation(odd);
    stop();
    expect(heard).toEqual([]);
    expect(toastError).toHaveBeenCalledWith("Operation failed", { description: "No." });
  });
});
