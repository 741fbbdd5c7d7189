import {
  type Capability,
  capabilities,
  type PlanId,
  type PlanRequired,
  planIds,
} from "@sightline/contracts";

/** A non-2xx answer from our API or the auth service, with the message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Per-field messages of a 422 (`{ path, message }`), when the server sent them. */
    readonly issues: readonly { path: string; message: string }[] = [],
    /** A 403 `plan_required`: what the plan lacks and the plan that has it. */
    readonly planRequired?: PlanRequired,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Worth retrying later: the network, the server, or a rate limit, not the request itself. */
  get isRetryable() {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/**
 * Reads either wire shape: ours (`{ error: { code, message } }`) and Better Auth's
 * (`{ code, message }`).
 */
export async function toApiError(response: Response): Promise<ApiError> {
  let code = "unknown";
  let message = response.statusText || "An unexpected error occurred. Please try again.";
  let issues: { path: string; message: string }[] = [];
  let isOurs = false;
  let planRequired: PlanRequired | undefined;
  try {
    const body = (await response.json()) as {
      error?: {
        code?: string;
        message?: string;
        issues?: unknown;
        capability?: unknown;
        plan?: unknown;
        requiredPlan?: unknown;
      };
      code?: string;
      message?: string;
    };
    isOurs = typeof body.error?.message === "string";
    code = body.error?.code ?? body.code ?? code;
    message = body.error?.message ?? body.message ?? message;
    if (Array.isArray(body.error?.issues)) {
      issues = body.error.issues.filter(
        (issue): issue is { path: string; message: string } =>
          typeof issue?.path === "string" && typeof issue?.message === "string",
      );
    }
    planRequired = readPlanRequired(body.error);
  } catch {
    // not JSON: keep the status text
  }
  // Our API words its own rate limits; other answers (Better Auth, a proxy) get a clear sentence.
  if (response.status === 429 && !isOurs && !/too many|wait/i.test(message)) {
    message = "Too many attempts. Please wait a minute and try again.";
  }
  return new ApiError(response.status, code, message, issues, planRequired);
}

function readPlanRequired(
  error:
    | { code?: string; capability?: unknown; plan?: unknown; requiredPlan?: unknown }
    | undefined,
): PlanRequired | undefined {
  if (error?.code !== "plan_required") return undefined;
  const { capability, plan, requiredPlan } = error;
  if (!capabilities.includes(capability as Capability)) return undefined;
  if (!planIds.includes(plan as PlanId)) return undefined;
  return {
    capability: capability as Capability,
    plan: plan as PlanId,
    requiredPlan: planIds.includes(requiredPlan as PlanId) ? (requiredPlan as PlanId) : null,
  };
}

type PlanRequiredListener = (detail: PlanRequired) => void;
const planRequiredListeners = new Set<PlanRequiredListener>();

/**
 * Opens the app frame's 'Upgrade your plan' dialog (issue 30). The query client calls it for
 * every action the server refused with `plan_required` (one handler, lib/query-client.ts); a
 * locked control calls it instead of sending a request the plan would refuse. A page's own reads
 * never call it: a locked card says why in place rather than a dialog opening by itself.
 */
export function announcePlanRequired(detail: PlanRequired) {
  for (const listener of planRequiredListeners) listener(detail);
}

/**
 * For a request a component sends itself (not a mutation): opens 'Upgrade your plan' when the
 * server refused it for the plan, and says so (the caller then shows nothing else).
 */
export function openUpgradeIfPlanRequired(error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.planRequired) return false;
  announcePlanRequired(error.planRequired);
  return true;
}

export function onPlanRequired(listener: PlanRequiredListener): () => void {
  planRequiredListeners.add(listener);
  return () => planRequiredListeners.delete(listener);
}

export function networkError(): ApiError {
  return new ApiError(
    0,
    "network",
    "Could not reach Sightline. Check your connection and try again.",
  );
}
