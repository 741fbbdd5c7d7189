/*
 * The example answers of the inbox, audience and radar routes in the OpenAPI document
 * (decision 035). Each is parsed with its route's response schema by openapi.test.ts.
 * Figures from the demo account @lena.makes.
 */

const ACCOUNT_ID = "17841400000000001";
const DM_THREAD_ID = "aWdfZAG06MTpJR01lc3NhZA2VUaHJlYWQ6MTc4NDE0MDAwMDAwMDAwMToyMzQ1";
const POST_ID = "17900000000000123";

export const conversationsExample = {
  data: [
    {
      id: DM_THREAD_ID,
      kind: "dm",
      updatedTime: "2026-11-29T09:41:12.000Z",
      lastMessageSenderId: "6543210987654321",
      preview: "Hi! Do you ship the speckled mugs to Austria?",
      items: 3,
      person: {
        id: "6543210987654321",
        username: "mara.clay",
        name: "Mara",
        profilePic: "https://cdn.example.com/profiles/mara.jpg",
      },
      caption: null,
      isUnread: true,
      needsReply: true,
      labels: [{ id: "3c2f1e0d-8b7a-4c6d-9e5f-1a2b3c4d5e6f", name: "Orders", color: "amber" }],
    },
    {
      id: POST_ID,
      kind: "comments",
      updatedTime: "2026-11-28T18:02:45.000Z",
      lastMessageSenderId: "7766554433221100",
      preview: "Is this glaze food safe?",
      items: 87,
      person: { id: "7766554433221100", username: "potterypete", name: null, profilePic: null },
      caption: "Three glazes, one kiln, no regrets. #ceramics #pottery",
      isUnread: false,
      needsReply: true,
      labels: [],
    },
  ],
  nextCursor: "eyJ1cGRhdGVkVGltZSI6IjIwMjYtMTEtMjhUMTg6MDI6NDUuMDAwWiIsImlkIjoiMTc5MDAifQ",
};

export const dmThreadExample = {
  data: {
    id: DM_THREAD_ID,
    kind: "dm",
    person: {
      id: "6543210987654321",
      username: "mara.clay",
      name: "Mara",
      profilePic: "https://cdn.example.com/profiles/mara.jpg",
    },
    window: { isOpen: true, closesAt: "2026-11-30T09:41:12.000Z" },
    readAt: "2026-11-29T08:15:00.000Z",
    messages: [
      {
        id: "aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwMDE6MQ",
        fromId: "6543210987654321",
        direction: "inbound",
        text: "Hi! Do you ship the speckled mugs to Austria?",
        createdTime: "2026-11-29T09:41:12.000Z",
        sendStatus: null,
        sendError: null,
        attachments: [],
      },
    ],
  },
};

export const commentThreadExample = {
  data: {
    id: POST_ID,
    kind: "comments",
    post: {
      id: POST_ID,
      caption: "Three glazes, one kiln, no regrets. #ceramics #pottery",
      permalink: "https://www.instagram.com/reel/C0aBcDeFgHi/",
      mediaType: "VIDEO",
      postedAt: "2026-11-27T17:30:00.000Z",
      thumbnailUrl: "https://cdn.example.com/media/17900000000000123.jpg",
    },
    readAt: null,
    messages: [
      {
        id: "18000000000000456",
        parentId: null,
        fromId: "7766554433221100",
        username: "potterypete",
        text: "Is this glaze food safe?",
        createdAt: "2026-11-28T18:02:45.000Z",
        isOwn: false,
        isHidden: false,
        privateReply: {
          canReply: true,
          until: "2026-12-05T18:02:45.000Z",
          sentAt: null,
          text: null,
        },
      },
    ],
  },
};

export const replyRequestExample = { text: "Yes, we ship to Austria: 3–5 working days." };

export const replySentExample = {
  data: {
    status: "sent",
    messageId: "aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwMDE6Mg",
    messageIds: ["aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwMDE6Mg"],
  },
};

export const commentReplyRequestExample = { text: "Yes, all our glazes are food safe." };

export const commentReplyExample = {
  data: { id: "18000000000000789", parentId: "18000000000000456" },
};

export const privateReplyRequestExample = {
  text: "Hi Pete, thanks for asking! Here are the glaze details.",
};

export const privateReplyExample = {
  data: {
    status: "sent",
    messageId: "aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwMDE6Mw",
  },
};

const emptyBreakdowns = { age: null, gender: null, country: null, city: null };

export const audienceExample = {
  data: {
    accountId: ACCOUNT_ID,
    connected: true,
    followersCount: 25_310,
    demographics: {
      followers: {
        age: {
          day: "2026-11-28",
          timeframe: "this_month",
          buckets: [
            { dimensions: ["25-34"], value: 10_540, share: 0.4286 },
            { dimensions: ["18-24"], value: 7_020, share: 0.2855 },
            { dimensions: ["35-44"], value: 7_030, share: 0.2859 },
          ],
          base: { value: 24_590, label: "of followers with a known age" },
        },
        gender: {
          day: "2026-11-28",
          timeframe: "this_month",
          buckets: [
            { dimensions: ["F"], value: 17_210, share: 0.7 },
            { dimensions: ["M"], value: 7_376, share: 0.3 },
          ],
          base: { value: 24_586, label: "of followers with a known gender" },
        },
        country: null,
        city: null,
      },
      engaged: emptyBreakdowns,
    },
    demographicsNotice: null,
    demographicsLocked: null,
    activeHours: {
      timeZone: "Europe/Vienna",
      days: 30,
      grid: Array.from({ length: 7 }, (_, day) =>
        Array.from({ length: 24 }, (_, hour) => 800 + day * 40 + hour * 55),
      ),
      notice: null,
    },
    growth: {
      from: "2026-11-01",
      to: "2026-11-28",
      oldestDay: "2025-06-02",
      series: [
        { day: "2026-11-27", follows: 31, unfollows: 9 },
        { day: "2026-11-28", follows: 27, unfollows: 6 },
      ],
      rate: {
        netChange: 431,
        follows: 612,
        unfollows: 181,
        startFollowers: 24_879,
        ratePct: 1.73,
        days: 28,
        from: "2026-11-01",
        to: "2026-11-28",
      },
      projection: {
        milestone: 30_000,
        followers: 25_310,
        perDay: 15.4,
        basisDays: 28,
        daysToGo: 305,
        date: "2027-09-30",
        assumption:
          "Assumes the average net growth of the last 28 stored days (15.4 followers a day, 2026-11-01 to 2026-11-28) continues unchanged; a post that takes off or a quiet spell moves the date.",
      },
      notice: null,
      missingDaysNote: null,
    },
  },
};

export const mentionsExample = {
  data: [
    {
      id: "5b0e7a52-2d41-4c1b-a0c4-8f2d6e9b1a37",
      sourceId: "0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f",
      sourceTitle: "Craft & Kiln Weekly",
      title: "Lena Makes opens a studio shop in Vienna",
      titleHighlights: [[0, 10]],
      link: "https://craftandkiln.example.com/lena-makes-studio-shop",
      snippet: "The ceramicist behind Lena Makes is opening her first studio shop next month…",
      highlights: [[22, 32]],
      keywordIds: ["9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a"],
      matchedTerms: ["Lena Makes"],
      publishedAt: "2026-11-28T07:00:00.000Z",
      language: "en",
      sentiment: "positive",
      sentimentScore: 3,
      isSeen: false,
    },
  ],
  nextCursor: "2026-11-28T07:00:00.000Z|5b0e7a52-2d41-4c1b-a0c4-8f2d6e9b1a37",
};

export const trendsExample = {
  data: {
    hashtags: [
      {
        id: "2e4f6a8c-1b3d-4e5f-8a7b-9c0d1e2f3a4b",
        name: "ceramics",
        lastSampledAt: "2026-11-29T06:00:00.000Z",
        lastError: null,
        pausedReason: null,
        stats: {
          sampledAt: "2026-11-29T06:00:00.000Z",
          dailyVolume: 412,
          currentVolume: 231,
          previousVolume: 181,
          velocity: 0.276,
          label: "Rising",
          reason: "231 posts in the last 12 h, 181 in the 12 h before: up 28 %.",
          medianTopEngagement: 1_840,
          topCount: 50,
          coHashtags: [
            ["pottery", 31],
            ["handmade", 22],
          ],
        },
        topMedia: [
          {
            id: "17950000000000042",
            mediaType: "IMAGE",
            mediaUrl: "https://cdn.example.com/media/17950000000000042.jpg",
            permalink: "https://www.instagram.com/p/C0xYzAbCdEf/",
            caption: "Fresh out of the kiln #ceramics #pottery",
            likeCount: 2_310,
            commentsCount: 48,
            timestamp: "2026-11-28T21:14:00.000Z",
          },
        ],
      },
    ],
    hashtagLimit: 30,
    budget: {
      limit: 30,
      used: 4,
      remaining: 26,
      nextSlotAt: "2026-12-02T06:00:00.000Z",
      counted: ["ceramics", "pottery", "handmade", "studiopottery"],
    },
    blocker: null,
  },
};
