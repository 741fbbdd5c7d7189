/** Every Trend Radar query lives under this key. */
export const trendRadarQueryKey = ["trend-radar"] as const;
