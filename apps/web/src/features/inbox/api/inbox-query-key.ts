/**
 * Every inbox query key (conversations, threads) starts with this, so one invalidation refreshes
 * them all (spec §4: closing the notifications popover refreshes conversation data).
 */
export const inboxQueryKey = ["inbox"] as const;
