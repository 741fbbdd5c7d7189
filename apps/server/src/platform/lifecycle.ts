/**
 * Where the process is in its life, for readiness (decision 031): once shutdown begins
 * (SIGTERM, index.ts), /api/ready answers 503 so a load balancer stops sending traffic while
 * in-flight requests finish. One way: a stopping process never becomes ready again.
 */
export interface Lifecycle {
  readonly shuttingDown: boolean;
  beginShutdown(): void;
}

export function createLifecycle(): Lifecycle {
  let shuttingDown = false;
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    beginShutdown() {
      shuttingDown = true;
    },
  };
}
