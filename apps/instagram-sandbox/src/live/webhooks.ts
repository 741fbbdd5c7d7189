import { createHmac } from "node:crypto";
import { MINUTE_MS, SECOND_MS } from "../core/time.ts";
import type { SandboxLogger } from "../logger.ts";

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * §6.2 — Meta escapes non-ASCII characters and slashes, so receivers must verify the signature
 * over the raw bytes rather than re-serialised JSON. The sandbox produces the same bytes.
 */
export function metaJson(payload: unknown): string {
  return JSON.stringify(payload)
    .replace(/\//g, "\\/")
    .replace(
      /[\u007f-\uffff]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
}

export function signBody(rawBody: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

type Delivery = { body: string; attempts: number; nextAt: number; field: string; secret: string };

// Meta retries a failed delivery with back-off for up to about 36 hours (§6.2, §12.10); on the
// sandbox's clock the waits add up to 35 h 42 min, after which the delivery is dropped.
export const retryDelays = [
  5 * SECOND_MS,
  30 * SECOND_MS,
  2 * MINUTE_MS,
  10 * MINUTE_MS,
  30 * MINUTE_MS,
  60 * MINUTE_MS,
  2 * 60 * MINUTE_MS,
  4 * 60 * MINUTE_MS,
  8 * 60 * MINUTE_MS,
  10 * 60 * MINUTE_MS,
  10 * 60 * MINUTE_MS,
];

export type WebhookStats = {
  delivered: number;
  failed: number;
  pending: number;
  dropped: number;
  /** Deliveries sent a second time on purpose. */
  duplicated: number;
  verified: boolean;
};

export class WebhookDispatcher {
  private readonly inFlight = new Set<Promise<void>>();
  private queue: Delivery[] = [];
  private verified = false;
  private stats = { delivered: 0, failed: 0, dropped: 0, duplicated: 0 };

  constructor(
    private readonly deps: {
      url: string | undefined;
      verifyToken: string | undefined;
      /** Instagram-Login subscriptions are signed with the Instagram app secret, Facebook-Login ones with the Meta app secret (§12.1). */
      secrets: { instagram: string; facebook: string };
      fetch: FetchLike;
      logger: SandboxLogger;
      now: () => number;
      challenge: () => string;
      /**
       * Whether this delivery is also sent a second time (Meta duplicates some, §12.10), so a
       * receiver's idempotency is exercised; deterministic per delivery.
       */
      duplicate: () => boolean;
    },
  ) {}

  get enabled(): boolean {
    return this.deps.url !== undefined;
  }

  /** Queues one payload and starts delivering it right away (not awaited by the API call). */
  send(payload: unknown, field: string, login: "instagram" | "facebook" = "instagram"): void {
    if (!this.deps.url) return;
    const delivery: Delivery = {
      secret: this.deps.secrets[login],
      body: metaJson(payload),
      attempts: 0,
      nextAt: this.deps.now(),
      field,
    };
    this.track(this.attempt(delivery));
  }

  /** Retries deliveries whose back-off has elapsed (called from `tick`). */
  retryDue(): void {
    const now = this.deps.now();
    const due = this.queue.filter((delivery) => delivery.nextAt <= now);
    this.queue = this.queue.filter((delivery) => delivery.nextAt > now);
    for (const delivery of due) this.track(this.attempt(delivery));
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  summary(): WebhookStats {
    return {
      ...this.stats,
      pending: this.queue.length + this.inFlight.size,
      verified: this.verified,
    };
  }

  private track(promise: Promise<void>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  /** §6.1 — Meta verifies the callback (GET handshake) before sending events. */
  private async verify(url: string): Promise<boolean> {
    if (this.verified || this.deps.verifyToken === undefined) return true;
    const challenge = this.deps.challenge();
    const target = new URL(url);
    target.searchParams.set("hub.mode", "subscribe");
    target.searchParams.set("hub.challenge", challenge);
    target.searchParams.set("hub.verify_token", this.deps.verifyToken);
    try {
      const response = await this.deps.fetch(target.toString(), {
        method: "GET",
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      this.verified = response.status === 200 && text.trim() === challenge;
    } catch {
      this.verified = false;
    }
    if (!this.verified)
      this.deps.logger.warn({ url }, "webhook callback did not answer the verification challenge");
    return this.verified;
  }

  private async post(url: string, delivery: Delivery): Promise<boolean> {
    const response = await this.deps.fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": signBody(delivery.body, delivery.secret),
        "x-hub-signature": `sha1=${createHmac("sha1", delivery.secret).update(delivery.body).digest("hex")}`,
        "user-agent": "facebookexternalua",
      },
      body: delivery.body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.status >= 200 && response.status < 300;
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const url = this.deps.url;
    if (!url) return;
    delivery.attempts += 1;
    let ok = false;
    try {
      if (await this.verify(url)) {
        ok = await this.post(url, delivery);
        // Some deliveries arrive twice (§12.10): a receiver must store each event once.
        if (ok && this.deps.duplicate()) {
          this.stats.duplicated += 1;
          await this.post(url, delivery).catch(() => false);
        }
      }
    } catch {
      ok = false;
    }
    if (ok) {
      this.stats.delivered += 1;
      return;
    }
    this.stats.failed += 1;
    const wait = retryDelays[delivery.attempts - 1];
    if (wait === undefined) {
      this.stats.dropped += 1;
      this.deps.logger.warn(
        { field: delivery.field, attempts: delivery.attempts },
        "webhook delivery dropped after retries",
      );
      return;
    }
    delivery.nextAt = this.deps.now() + wait;
    this.queue.push(delivery);
  }
}
