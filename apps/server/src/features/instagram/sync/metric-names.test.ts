import { describe, expect, it } from "vitest";
import { mapMetrics } from "./insights.ts";
import { METRIC_MAPPING_VERSION, mediaMetricsFor, ourMetricName } from "./metric-names.ts";

describe("Meta's metric names → ours", () => {
  it("maps renamed metrics onto one name, so stored history lines up", () => {
    expect(ourMetricName("impressions")).toBe("views");
    expect(ourMetricName("plays")).toBe("views");
    expect(ourMetricName("views")).toBe("views");
    expect(ourMetricName("saved")).toBe("saves");
    expect(ourMetricName("profile_views")).toBe("profile_visits");
    expect(ourMetricName("no_such_metric")).toBeUndefined();
  });

  it("stores a metric Meta left without a value as absent, never as 0", () => {
    const rows = mapMetrics([
      { name: "plays", period: "lifetime", values: [{ value: 120 }] },
      { name: "reach", period: "lifetime", values: [] },
      { name: "likes", period: "lifetime" },
      { name: "views", period: "day", total_value: { value: 0 } },
      { name: "brand_new_metric", period: "day", total_value: { value: 5 } },
    ]);
    expect(rows).toEqual([
      {
        metric: "views",
        sourceMetric: "plays",
        mappingVersion: METRIC_MAPPING_VERSION,
        value: 120,
      },
      { metric: "views", sourceMetric: "views", mappingVersion: METRIC_MAPPING_VERSION, value: 0 },
    ]);
  });

  it("asks each kind of media only for the metrics it answers (contract §3.2)", () => {
    expect(mediaMetricsFor({ mediaType: "VIDEO", mediaProductType: "REELS" })).toContain(
      "ig_reels_avg_watch_time",
    );
    expect(mediaMetricsFor({ mediaType: "IMAGE", mediaProductType: "STORY" })).not.toContain(
      "likes",
    );
    expect(mediaMetricsFor({ mediaType: "CAROUSEL_ALBUM", mediaProductType: "FEED" })).toContain(
      "saved",
    );
  });
});
