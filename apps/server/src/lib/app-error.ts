import { type ErrorCode, errorStatus, type PlanRequired } from "@sightline/contracts";

/** The one error type handlers throw; the error middleware turns it into the wire shape. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
    /** With `plan_required`: what the plan lacks and the plan that has it (the Upgrade modal). */
    readonly planRequired?: PlanRequired,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status() {
    return errorStatus[this.code];
  }
}
