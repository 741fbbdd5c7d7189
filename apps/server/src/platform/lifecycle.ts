/**
 * Where the process is in its life, for readiness and shutdown (decision 031): once shutdown
 * begins (SIGTERM, index.ts), /api/ready answers 503 so a load balancer stops sending traffic;
 * when the server then stops accepting, open streams (/api/realtime) end with a short retry hint
 * so their browsers reconnect through the balancer to another instance, and the server's close is
 * not held up by them. One way: a stopping process never becomes ready again.
 */
export interface Lifecycle {
  readonly shuttingDown: boolean;
  beginShutdown(): void;
  /** The server stops accepting: every `onStopAccepting` listener runs once. */
  stopAccepting(): void;
  /** Runs `listener` when the server stops accepting (at once if it has); answers its removal. */
  onStopAccepting(listener: () => void): () => void;
}

export function createLifecycle(): Lifecycle {
  let shuttingDown = false;
  let stopped = false;
  const listeners = new Set<() => void>();
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    beginShutdown() {
      shuttingDown = true;
    },
    stopAccepting() {
      shuttingDown = true;
      if (stopped) return;
      stopped = true;
      for (const listener of [...listeners]) listener();
      listeners.clear();
    },
    onStopAccepting(listener) {
      if (stopped) {
        listener();
        return () => {};
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
