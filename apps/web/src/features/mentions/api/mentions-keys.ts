/** Every mentions query lives under this key: one invalidation refreshes them all. */
export const mentionsQueryKey = ["mentions"] as const;
