/** GET /api/meta/data-deletion/status?code=… : the status page of Meta's data-deletion callback. */
export interface DataDeletionStatus {
  code: string;
  status: string;
  requestedAt?: string;
  completedAt?: string | null;
}

export type DataDeletionLookup =
  | { kind: "found"; request: DataDeletionStatus }
  | { kind: "not-found" }
  | { kind: "error"; message?: string };

function pickString(record: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

export async function getDataDeletionStatus(
  code: string,
  fetchImpl: typeof fetch = fetch,
): Promise<DataDeletionLookup> {
  let response: Response;
  try {
    response = await fetchImpl(`/api/meta/data-deletion/status?code=${encodeURIComponent(code)}`, {
      headers: { Accept: "application/json" },
    });
  } catch {
    return { kind: "error" };
  }
  // Until the endpoint exists the API answers 404 too: the same honest message fits both.
  if (response.status === 404) return { kind: "not-found" };
  const body = (await response.json().catch(() => undefined)) as
    | Record<string, unknown>
    | undefined;
  if (!response.ok || !body) {
    const error = body?.error as { message?: unknown } | undefined;
    return {
      kind: "error",
      message: typeof error?.message === "string" ? error.message : undefined,
    };
  }
  return {
    kind: "found",
    request: {
      code: pickString(body, "confirmation_code", "confirmationCode", "code") ?? code,
      status: pickString(body, "status") ?? "received",
      requestedAt: pickString(body, "requested_at", "requestedAt", "created_at"),
      completedAt: pickString(body, "completed_at", "completedAt") ?? null,
    },
  };
}
