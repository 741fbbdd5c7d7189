import { createContext, useContext } from "react";
import type { PostApproval } from "../api/list-approval-states.ts";
import type { CalendarPost } from "../api/list-calendar-posts.ts";

/** What every view needs from the page: the user's zone, the clock, and the post actions. */
export interface CalendarActions {
  timeZone: string;
  /** Now, ticking each minute: which slots are past. */
  now: Date;
  /** Today in the user's zone (YYYY-MM-DD). */
  today: string;
  /** 1280 px and wider: chips have room for the type's word instead of its icon. */
  isWide: boolean;
  openPost: (post: CalendarPost) => void;
  /** Asks for a new time with date and time pickers (keyboard and touch). */
  startMove: (post: CalendarPost) => void;
  /** A post dropped on a day (month) or an hour (week). */
  dropPost: (postId: string, target: { date: string; hour?: number }) => void;
  /**
   * Opens the composer for an empty future day (hour from the week view), or undefined when the
   * page was given no composer.
   */
  composeAt: ((date: string, hour?: number) => void) | undefined;
  /** Posts sent for approval, by id: their review state shows instead of "Draft" (decision 037). */
  approvals?: ReadonlyMap<string, PostApproval> | undefined;
}

export const CalendarActionsContext = createContext<CalendarActions | null>(null);

export function useCalendarActions(): CalendarActions {
  const actions = useContext(CalendarActionsContext);
  if (!actions) throw new Error("useCalendarActions outside the content scheduler");
  return actions;
}

/** Only a post that has not started publishing can move. */
export function isMovable(post: CalendarPost): boolean {
  return post.source === "scheduled" && (post.status === "scheduled" || post.status === "draft");
}

export const DRAG_TYPE = "application/x-sightline-post";
