/**
 * Meta's metric names → ours, one versioned table. Stored rows keep our name, Meta's name and the
 * mapping version, so a rename at Meta (impressions → views, plays → views) is one new line here
 * and never breaks stored history or the pages reading it. A name not in the table is not stored.
 *
 * Version history:
 * 1 — the v23.0 names.
 * 2 — the removed names (impressions, plays, video_views, clips_replays_count,
 *     ig_reels_aggregated_all_plays_count, profile_views time series) map onto their successors,
 *     so history imported from older snapshots lines up with new rows.
 */
export const METRIC_MAPPING_VERSION = 2;

export const metricNames: Readonly<Record<string, string>> = {
  views: "views",
  impressions: "views",
  plays: "views",
  video_views: "views",
  ig_reels_aggregated_all_plays_count: "views",
  clips_replays_count: "replays",
  reach: "reach",
  likes: "likes",
  comments: "comments",
  saved: "saves",
  saves: "saves",
  shares: "shares",
  reposts: "reposts",
  total_interactions: "interactions",
  accounts_engaged: "accounts_engaged",
  follows: "follows",
  profile_visits: "profile_visits",
  profile_views: "profile_visits",
  profile_activity: "profile_activity",
  profile_links_taps: "profile_link_taps",
  website_clicks: "website_clicks",
  link_clicks: "link_clicks",
  replies: "replies",
  navigation: "story_navigation",
  ig_reels_avg_watch_time: "avg_watch_time_ms",
  ig_reels_video_view_total_time: "total_watch_time_ms",
  reels_skip_rate: "skip_rate",
  follower_count: "new_followers",
};

export function ourMetricName(metaName: string): string | undefined {
  return metricNames[metaName];
}

/** Contract §3.2: the metrics each kind of media answers (asking for another one fails the call). */
export function mediaMetricsFor(media: {
  mediaType: string;
  mediaProductType: string | null;
}): string[] {
  if (media.mediaProductType === "STORY") {
    return [
      "views",
      "reach",
      "shares",
      "total_interactions",
      "replies",
      "follows",
      "profile_visits",
    ];
  }
  if (media.mediaProductType === "REELS") {
    return [
      "views",
      "reach",
      "likes",
      "comments",
      "saved",
      "shares",
      "total_interactions",
      "ig_reels_avg_watch_time",
      "ig_reels_video_view_total_time",
    ];
  }
  return [
    "views",
    "reach",
    "likes",
    "comments",
    "saved",
    "shares",
    "total_interactions",
    "follows",
    "profile_visits",
  ];
}

/** Contract §3.3: account metrics answered as one day's total_value. */
export const dailyTotalMetrics = [
  "views",
  "accounts_engaged",
  "total_interactions",
  "likes",
  "comments",
  "saves",
  "shares",
  "replies",
] as const;

/**
 * Contract §12.4: retired as time series, still answered as total_value in live runs but liable to go.
 * Each is asked in a call of its own, so its refusal never fails the core metrics' call.
 */
export const optionalDailyMetrics = ["profile_views", "website_clicks"] as const;
