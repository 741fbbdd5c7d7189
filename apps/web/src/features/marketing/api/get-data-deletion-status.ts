import { api, unwrap } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

/**
 * GET /api/meta/data-deletion/status?code=… : the status page of Meta's data-deletion callback.
 * Fetcher only: the public site does not load TanStack Query (see app-layout.tsx).
 */
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

export async function getDataDeletionStatus(code: string): Promise<DataDeletionLookup> {
  try {
    const body = await unwrap(api.meta["data-deletion"].status.$get({ query: { code } }));
    return {
      kind: "found",
      request: {
        code: body.confirmation_code,
        status: body.status,
        requestedAt: body.requested_at,
        completedAt: body.completed_at,
      },
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: "not-found" };
    return {
      kind: "error",
      message: error instanceof ApiError && error.status !== 0 ? error.message : undefined,
    };
  }
}
