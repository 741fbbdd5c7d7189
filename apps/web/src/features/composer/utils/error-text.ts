/** The message a toast shows under its title for a failure the composer did not foresee. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : "An unexpected error occurred. Please try again.";
}
