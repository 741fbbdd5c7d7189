/*
 * The example answers the OpenAPI document shows (decision 035), one per route. Each is parsed
 * with its route's response schema by openapi.test.ts, so an example cannot drift from the
 * schema either. Figures from the demo account @lena.makes.
 */

const kpi = (label: string, basis: "sum" | "period", value: number, previous: number) => ({
  label,
  basis,
  value,
  previous,
  changePct: Math.round(((value - previous) / previous) * 1000) / 10,
  storedDays: 28,
  asOf: "2026-11-29T05:12:09.000Z",
  note: basis === "period" ? "Instagram's own figure for exactly these days." : null,
  reason: null,
});

export const accountsExample = {
  data: [
    {
      id: "17841400000000001",
      username: "lena.makes",
      name: "Lena Makes",
      accountType: "MEDIA_CREATOR",
      followersCount: 25_310,
      mediaCount: 412,
      status: "active",
      pausedByPlan: false,
      lastSyncedAt: "2026-11-29T05:12:09.000Z",
    },
  ],
};

export const kpisExample = {
  data: {
    accountId: "17841400000000001",
    period: { from: "2026-11-01", to: "2026-11-28", days: 28 },
    previousPeriod: { from: "2026-10-04", to: "2026-10-31" },
    timeZone: "UTC",
    followers: {
      value: 25_310,
      change: 612,
      net: { value: 431, follows: 612, unfollows: 181, days: 28 },
    },
    kpis: {
      reach: kpi("Reach", "period", 48_210, 41_877),
      accountsEngaged: kpi("Accounts engaged", "period", 3_904, 3_512),
      views: kpi("Views", "sum", 221_480, 198_304),
      interactions: kpi("Interactions", "sum", 9_871, 8_902),
      profileVisits: kpi("Profile visits", "sum", 2_115, 2_330),
      websiteTaps: kpi("Website taps", "sum", 188, 164),
    },
    engagementRate: {
      label: "Engagement rate",
      basis: "period",
      value: 0.2047,
      previous: 0.2126,
      changePct: -3.7,
      formula: "interactions ÷ reach (accounts reached in the period, as Instagram counts them)",
    },
  },
};

export const postsExample = {
  data: [
    {
      id: "17900000000000123",
      type: "REELS",
      postedAt: "2026-11-27T17:30:00.000Z",
      caption: "Three glazes, one kiln, no regrets. #ceramics #pottery",
      permalink: "https://www.instagram.com/reel/C0aBcDeFgHi/",
      metrics: {
        reach: 12_408,
        views: 30_115,
        likes: 1_322,
        comments: 87,
        saves: 240,
        shares: 61,
        engagementRate: 0.1377,
      },
      metricsAsOf: "2026-11-29T05:12:09.000Z",
    },
  ],
  nextCursor: "eyJwb3N0ZWRBdCI6IjIwMjYtMTEtMjdUMTc6MzA6MDAuMDAwWiIsImlkIjoiMTc5MDAifQ",
};

export const draftRequestExample = {
  items: [
    {
      bucket: "instagram-media",
      key: "9b1d2c3e-aaaa-4bbb-8ccc-0d1e2f3a4b5c/1764410561000-5e7b2a44-1c9d-4f0e-b3a8-2d6c9e1f7a30.jpg",
      mediaType: "image",
    },
  ],
  caption: "New mugs are out of the kiln.",
  hashtags: ["ceramics", "handmade"],
  scheduled_time: "2026-12-03T18:00:00+01:00",
  time_zone: "Europe/Madrid",
};

export const draftExample = {
  data: {
    id: "0f5c3a9e-6f3b-4d87-9a2e-4c1d2b7e8a10",
    accountId: "17841400000000001",
    status: "draft",
    caption: "New mugs are out of the kiln.",
    hashtags: ["ceramics", "handmade"],
    collaborators: [],
    postType: "IMAGE",
    scheduledTime: "2026-12-03T17:00:00.000Z",
    timeZone: "Europe/Madrid",
    media: [
      {
        bucket: "instagram-media",
        key: "9b1d2c3e-aaaa-4bbb-8ccc-0d1e2f3a4b5c/1764410561000-5e7b2a44-1c9d-4f0e-b3a8-2d6c9e1f7a30.jpg",
        mediaType: "image",
      },
    ],
    createdAt: "2026-11-29T10:02:41.000Z",
  },
};

export const documentExample = {
  openapi: "3.1.0",
  info: { title: "Sightline API", version: "1" },
  servers: [{ url: "/api/v1" }],
  paths: {},
};
