import type { PaidPlanId } from "@sightline/contracts";
import Stripe from "stripe";

/** Billing's configuration (env.ts reads it from the STRIPE_* variables). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price id of each paid plan. */
  prices: Record<PaidPlanId, string>;
  /** Days a plan stays after a failed payment. */
  graceDays: number;
  /** Tests only: a local stand-in for Stripe's API. */
  apiUrl: string | undefined;
}

/**
 * The Stripe SDK for the configured account. `apiUrl` (tests only, refused by env.ts outside
 * NODE_ENV=test) points it at a local stand-in through the SDK's own host/port/protocol options,
 * so no test reaches Stripe.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const target = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "https:" ? 443 : 80),
          protocol: target.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}
