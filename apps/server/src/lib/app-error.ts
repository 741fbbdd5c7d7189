import { type ErrorCode, errorStatus } from "@sightline/contracts";

/** The one error type handlers throw; the error middleware turns it into the wire shape. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = "AppError";
  }

  get status() {
    return errorStatus[this.code];
  }
}
