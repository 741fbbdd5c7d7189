export { type BillingDeps, cancelWorkspaceSubscription } from "./billing-service.ts";
export { billingRoutes, STRIPE_WEBHOOK_MAX_BYTES } from "./routes.ts";
export { createStripeClient, type StripeConfig } from "./stripe-client.ts";
