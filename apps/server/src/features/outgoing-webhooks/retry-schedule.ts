/**
 * When a failed delivery is tried again (decision 034): after 1 min, 5 min, 30 min, 2 h and 6 h
 * — six attempts over about 8.6 hours — then it is given up. An endpoint whose deliveries were
 * given up DISABLE_AFTER times in a row (every attempt of five events failing, a day or more of
 * an endpoint down for a workspace with a few events a day) is switched off and its owners are
 * e-mailed. Both are injectable: tests keep the schedule and move the clock instead of waiting.
 */
export type RetryPolicy = {
  /** The waits before the second, third, … attempt. */
  delaysMs: readonly number[];
  /** Deliveries given up in a row that switch an endpoint off. */
  disableAfter: number;
};

const MINUTE = 60_000;

export const defaultRetryPolicy: RetryPolicy = {
  delaysMs: [MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE],
  disableAfter: 5,
};

/**
 * The wait before the attempt after `attempt` (1-based), or undefined when `attempt` was the
 * last one.
 */
export function retryDelayAfter(policy: RetryPolicy, attempt: number): number | undefined {
  return policy.delaysMs[attempt - 1];
}

/** How many automatic attempts a delivery gets in all. */
export function maxAttempts(policy: RetryPolicy): number {
  return policy.delaysMs.length + 1;
}
