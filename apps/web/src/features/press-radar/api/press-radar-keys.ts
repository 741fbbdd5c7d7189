/** Every Press Radar query lives under this key: one invalidation refreshes them all. */
export const pressRadarQueryKey = ["press-radar"] as const;
