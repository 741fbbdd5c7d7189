/**
 * How many press mentions the user has not seen (the purple dot on Press Radar in the sidebar).
 * The press radar does not collect mentions yet, so there are none to count: 0 until its
 * mentions table and query land, when this becomes a query hook with the same signature.
 */
export function useUnseenMentionsCount(): number {
  return 0;
}
