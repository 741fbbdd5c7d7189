import { draftExample, draftRequestExample, postsExample } from "./openapi-examples.ts";

/*
 * The example answers of the posts-made-here and upload routes (decision 035, decision 033's
 * addendum). openapi.test.ts parses each with its route's response schema. Figures from the
 * demo account @lena.makes.
 */

const FOLDER = "9b1d2c3e-aaaa-4bbb-8ccc-0d1e2f3a4b5c";
const POST_ID = draftExample.data.id;
const UPLOAD_ID = "3c7e9a12-4b5d-4e6f-8a90-b1c2d3e4f5a6";

export const postDetailExample = {
  data: {
    ...postsExample.data[0]!,
    hashtags: ["ceramics", "pottery"],
    history: [
      { capturedAt: "2026-11-28T05:10:41.000Z", metric: "reach", value: 11_902 },
      { capturedAt: "2026-11-28T05:10:41.000Z", metric: "likes", value: 1_270 },
      { capturedAt: "2026-11-29T05:12:09.000Z", metric: "reach", value: 12_408 },
      { capturedAt: "2026-11-29T05:12:09.000Z", metric: "likes", value: 1_322 },
    ],
  },
};

const scheduledPost = {
  ...draftExample.data,
  status: "scheduled",
  igMediaId: null,
  permalink: null,
  publishedAt: null,
  error: null,
  attemptCount: 0,
  updatedAt: "2026-11-29T10:04:12.000Z",
};

export const scheduledPostRequestExample = draftRequestExample;

export const scheduledPostsExample = {
  data: [scheduledPost],
  nextCursor: "WyIyMDI2LTEyLTAzVDE3OjAwOjAwLjAwMFoiLCIwZjVjM2E5ZSJd",
};

export const scheduledPostDetailExample = {
  data: {
    ...scheduledPost,
    status: "published",
    igMediaId: "17900000000000456",
    permalink: "https://www.instagram.com/p/C0bCdEfGhIj/",
    publishedAt: "2026-12-03T17:00:14.000Z",
    attemptCount: 1,
    updatedAt: "2026-12-03T17:00:14.000Z",
    attempts: [
      { attempt: 1, at: "2026-12-03T17:00:02.000Z", step: "check", outcome: "done", message: null },
      {
        attempt: 1,
        at: "2026-12-03T17:00:05.000Z",
        step: "containers",
        outcome: "done",
        message: null,
      },
      {
        attempt: 1,
        at: "2026-12-03T17:00:14.000Z",
        step: "publish",
        outcome: "done",
        message: null,
      },
    ],
  },
};

export const scheduledPostCheckedExample = { data: scheduledPost, checks: [] };

export const scheduleStoredPostRequestExample = {
  scheduled_time: "2026-12-04T09:30:00+01:00",
  time_zone: "Europe/Madrid",
};

export const scheduledPostPublishingExample = {
  data: {
    ...scheduledPost,
    scheduledTime: "2026-11-29T10:05:30.000Z",
    updatedAt: "2026-11-29T10:05:30.000Z",
  },
};

export const scheduledPostCancelledExample = {
  data: { ...scheduledPost, status: "draft", updatedAt: "2026-11-29T10:06:02.000Z" },
};

export const scheduledPostDeletedExample = { data: { id: POST_ID, deleted: true } };

export const uploadRequestExample = {
  fileName: "mugs.jpg",
  contentType: "image/jpeg",
  size: 2_481_337,
  purpose: "media",
};

export const uploadExample = {
  data: {
    id: UPLOAD_ID,
    status: "pending",
    fileName: "mugs.jpg",
    contentType: "image/jpeg",
    size: 2_481_337,
    upload: {
      url: `https://app.sightline.example/api/v1/uploads/${UPLOAD_ID}`,
      method: "PUT",
      headers: { "Content-Type": "image/jpeg" },
      expiresAt: "2026-11-29T11:02:41.000Z",
    },
    file: {
      bucket: "scheduled-content",
      key: `${FOLDER}/1764410561000-5e7b2a44-1c9d-4f0e-b3a8-2d6c9e1f7a30.jpg`,
      mediaType: "image",
    },
    completedAt: null,
  },
};

export const uploadCompleteExample = {
  data: { ...uploadExample.data, status: "complete", completedAt: "2026-11-29T10:03:18.000Z" },
};
