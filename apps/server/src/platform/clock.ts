/**
 * The app's one clock: milliseconds since the epoch. The composition root (build-server.ts)
 * makes it once (`Date.now`, or the clock a test hands `createTestApp`) and every feature is
 * given that same function; nothing else reads the machine's time for the product's windows
 * (rate limits, link expiry, due posts, 24-hour counts). A feature that works in dates reads
 * `dateOf(now)`.
 */
export type Clock = () => number;

/** The machine's clock, used when no other is given. */
export const systemClock: Clock = () => Date.now();

/** The clock's time as a Date. */
export function dateOf(now: Clock): Date {
  return new Date(now());
}
