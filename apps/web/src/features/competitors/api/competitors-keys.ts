/** Every Competitors query lives under this key. */
export const competitorsQueryKey = ["competitors"] as const;
