import type { CreateSupportRequestInput } from "@sightline/contracts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

/**
 * POST /api/support/requests: the public contact form (stored, then e-mailed to support).
 * Fetcher only: the public site does not load TanStack Query (see app-layout.tsx), and the form
 * keeps its own state.
 */
export type SupportRequestResult =
  | { kind: "created"; reference: string }
  | {
      kind: "rejected";
      status: number;
      message?: string;
      issues?: readonly { path: string; message: string }[];
    }
  | { kind: "network-error" };

export async function createSupportRequest(
  input: CreateSupportRequestInput,
): Promise<SupportRequestResult> {
  try {
    const { reference } = await unwrap(api.support.requests.$post({ json: input }));
    return { kind: "created", reference };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) return { kind: "network-error" };
    return {
      kind: "rejected",
      status: error.status,
      message: error.message,
      issues: error.issues.length > 0 ? error.issues : undefined,
    };
  }
}
