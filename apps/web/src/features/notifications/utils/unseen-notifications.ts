import type { Notification } from "@sightline/contracts";
import { isUnseen, type SeenMap } from "../../../lib/seen-timestamps.ts";

/** The notifications whose latest item is newer than their group's seen time (spec §4). */
export function unseenNotifications(
  notifications: readonly Notification[],
  seen: SeenMap,
): Notification[] {
  return notifications.filter((item) => isUnseen(item.latestTimestamp, seen[item.id]));
}

/** The bell's unread count: every item of the unseen notifications. */
export function unreadCount(notifications: readonly Notification[], seen: SeenMap): number {
  return unseenNotifications(notifications, seen).reduce((sum, item) => sum + item.count, 0);
}
