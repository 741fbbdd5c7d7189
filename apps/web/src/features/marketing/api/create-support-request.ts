import type { CreateSupportRequestInput } from "@sightline/contracts";

/** POST /api/support/requests: the public contact form (stored, then e-mailed to support). */
export type SupportRequestResult =
  | { kind: "created"; reference: string }
  | {
      kind: "rejected";
      status: number;
      message?: string;
      issues?: { path: string; message: string }[];
    }
  | { kind: "network-error" };

export async function createSupportRequest(
  input: CreateSupportRequestInput,
  fetchImpl: typeof fetch = fetch,
): Promise<SupportRequestResult> {
  let response: Response;
  try {
    response = await fetchImpl("/api/support/requests", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(input),
    });
  } catch {
    return { kind: "network-error" };
  }
  const body = (await response.json().catch(() => undefined)) as
    | { reference?: unknown; error?: { message?: unknown; issues?: unknown } }
    | undefined;
  if (response.status === 201 || response.ok) {
    return {
      kind: "created",
      reference: typeof body?.reference === "string" ? body.reference : "",
    };
  }
  const error = body?.error;
  return {
    kind: "rejected",
    status: response.status,
    message: typeof error?.message === "string" ? error.message : undefined,
    issues: Array.isArray(error?.issues)
      ? (error.issues as { path: string; message: string }[])
      : undefined,
  };
}
