import type { Logger } from "../lib/logger.ts";

/**
 * Work that must not hold up the response: e-mails from sign-up, recovery and support, so that
 * response times do not depend on whether an address has an account (issue 8, point 5). A task
 * starts after the current request's work has yielded (setImmediate), failures are logged
 * without personal data, and `drain()` waits for everything started so far (shutdown, tests).
 * When the job queue exists, these move to it; the callers only see `run`.
 */
export interface BackgroundTasks {
  run(label: string, task: () => Promise<unknown>): void;
  drain(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(label, task) {
      const promise = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => {
            logger.error(
              { task: label, err: error instanceof Error ? error.name : "unknown" },
              "background task failed",
            );
          },
        )
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
