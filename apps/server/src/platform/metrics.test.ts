import { describe, expect, it } from "vitest";
import { boundedLabel, createMetrics, graphEndpointOf, statusClassOf } from "./metrics.ts";

describe("graphEndpointOf", () => {
  it("keeps edge names and replaces every id and the version", () => {
    expect(graphEndpointOf("/17841400000000001/media")).toBe("/:id/media");
    expect(graphEndpointOf("/me")).toBe("/me");
    expect(graphEndpointOf("/me/conversations")).toBe("/me/conversations");
    expect(graphEndpointOf("/18000000000000001/insights?metric=reach")).toBe("/:id/insights");
    expect(graphEndpointOf("/aWdfZAG06MTpJR01lc3NhZA2VUaHJlYWQ6MTc4")).toBe("/:id");
    expect(graphEndpointOf("/ig-api-upload/v23.0/17900000000000001")).toBe(
      "/ig-api-upload/:version/:id",
    );
    expect(graphEndpointOf("/oauth/access_token")).toBe("/oauth/access_token");
    expect(graphEndpointOf("/")).toBe("/");
  });

  it("never keeps a segment that could be a person's: digits, capitals, dots, @", () => {
    for (const path of ["/lena.makes/media", "/Lena/media", "/a1b2/media", "/x@example.com"]) {
      expect(graphEndpointOf(path)).toMatch(/^\/:id(\/media)?$/);
    }
  });
});

describe("boundedLabel", () => {
  it("keeps at most that many values; later ones count as other", () => {
    const label = boundedLabel(2);
    expect([label("a"), label("b"), label("c"), label("a"), label("d")]).toEqual([
      "a",
      "b",
      "other",
      "a",
      "other",
    ]);
  });
});

describe("statusClassOf", () => {
  it("folds a status into its class", () => {
    expect([200, 201, 302, 404, 503, 42].map(statusClassOf)).toEqual([
      "2xx",
      "2xx",
      "3xx",
      "4xx",
      "5xx",
      "other",
    ]);
  });
});

describe("createMetrics", () => {
  it("gives each server a registry of its own", async () => {
    const first = createMetrics();
    const second = createMetrics();
    first.observeJob("instagram-sync-account", 0.2, "failed");
    const firstText = (await first.render()).body;
    const secondText = (await second.render()).body;
    expect(firstText).toContain('sightline_job_failures_total{job="instagram-sync-account"} 1');
    expect(secondText).not.toContain('job="instagram-sync-account"');
    // Process metrics only when asked for.
    expect(firstText).not.toContain("sightline_process_cpu_user_seconds_total");
  });

  it("reads queue depth at the scrape, and leaves it out (counting the miss) when it fails", async () => {
    const metrics = createMetrics();
    let fail = false;
    metrics.setQueueDepthSource(async () => {
      if (fail) throw new Error("database gone");
      return [{ queue: "publishing-publish-post", state: "queued", jobs: 3 }];
    });
    expect((await metrics.render()).body).toContain(
      'sightline_job_queue_depth{queue="publishing-publish-post",state="queued"} 3',
    );
    fail = true;
    const text = (await metrics.render()).body;
    expect(text).not.toContain('sightline_job_queue_depth{queue="publishing-publish-post"');
    expect(text).toContain("sightline_queue_depth_read_failures_total 1");
  });

  it("counts a realtime stream once however often it is closed", async () => {
    const metrics = createMetrics();
    const close = metrics.realtimeStreamOpened();
    metrics.realtimeStreamOpened();
    close();
    close();
    expect((await metrics.render()).body).toContain("sightline_realtime_connections 1");
  });

  it("files a Graph failure without Meta's code under its kind", async () => {
    const metrics = createMetrics();
    metrics.observeGraphCall({
      method: "POST",
      host: "graphFacebook",
      path: "/17841400000000001/media_publish",
      error: { kind: "timeout", code: 0 },
    });
    expect((await metrics.render()).body).toContain(
      'sightline_graph_api_errors_total{host="graphFacebook",method="POST",endpoint="/:id/media_publish",code="timeout"} 1',
    );
  });
});
