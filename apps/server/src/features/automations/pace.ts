import type { AutomationActionKind } from "@sightline/contracts";
import type { AutomationLimits } from "./context.ts";

const HOUR_MS = 3_600_000;

/** Kinds that go to Instagram and count against its limits ("notify" is an e-mail). */
export const instagramKinds = ["public_reply", "private_reply", "dm"] as const;
export type InstagramActionKind = (typeof instagramKinds)[number];

export function isInstagramKind(kind: AutomationActionKind): kind is InstagramActionKind {
  return (instagramKinds as readonly string[]).includes(kind);
}

/** The pace's groups: each counts against its own hourly limit. */
export function paceOf(kind: InstagramActionKind, limits: AutomationLimits) {
  if (kind === "private_reply")
    return { kinds: ["private_reply"] as const, perHour: limits.privateRepliesPerHour };
  if (kind === "dm") return { kinds: ["dm"] as const, perHour: limits.dmsPerHour };
  return { kinds: ["public_reply"] as const, perHour: limits.publicRepliesPerHour };
}

/**
 * When the last of `waiting` actions of one kind goes out at the hourly pace: the hour's room
 * (the limit less what went out in the last hour) goes at once; each further action takes the
 * slot of a send as it turns an hour old, so the j-th one beyond the room waits for the
 * (j mod limit)-th slot to free, (j div limit) + 1 hours after that slot was used.
 */
export function allOutAt(input: {
  waiting: number;
  /** When the last waiting action is due (a delay or quiet hours may put it later). */
  lastDueMs: number;
  /** When this kind's sends of the last hour went out. */
  sentMs: number[];
  perHour: number;
  nowMs: number;
}): number {
  const { waiting, perHour, nowMs } = input;
  const recent = input.sentMs.filter((at) => at > nowMs - HOUR_MS).sort((a, b) => a - b);
  const room = Math.max(0, perHour - recent.length);
  const start = Math.max(input.lastDueMs, nowMs);
  if (waiting <= room) return start;
  // Each slot of the hour was last used at: the recent sends, then now for the room.
  const slots = [...recent.slice(-perHour), ...Array<number>(room).fill(nowMs)];
  const j = waiting - room - 1;
  const at = slots[j % perHour]! + HOUR_MS * (Math.floor(j / perHour) + 1);
  return Math.max(at, start);
}
