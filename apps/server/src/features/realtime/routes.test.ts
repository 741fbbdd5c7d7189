import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import type { ActiveWorkspace, AppEnv, SessionUser } from "../../lib/app-types.ts";
import type { EventBus, RealtimeEvent } from "../../platform/event-bus.ts";
import { frames } from "../../testing/sse.ts";

vi.mock("@sightline/db", async (original) => ({
  ...(await original<typeof import("@sightline/db")>()),
  isSessionActive: async () => true,
}));
const { realtimeRoutes } = await import("./routes.ts");

/** The route over a bus whose deliveries the test makes, in whatever order it likes. */
function streamWithBus(replayed: RealtimeEvent[] = [], role: ActiveWorkspace["role"] = "owner") {
  const handlers = new Set<(event: RealtimeEvent) => void>();
  const bus: EventBus = {
    publish: async () => 0,
    subscribe: (_workspaceId, handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    replay: async () => replayed,
    close: async () => {},
  };
  const user: SessionUser = { id: "u1", email: "a@example.com", aal: "aal1", sessionId: "s1" };
  const app = new Hono<AppEnv>()
    .use("*", async (c, next) => {
      c.set("getUser", async () => user);
      c.set("getWorkspace", async () => ({ id: "w1", role }) as ActiveWorkspace);
      await next();
    })
    .route(
      "/realtime",
      realtimeRoutes({
        events: bus,
        db: {} as never,
        now: Date.now,
        metrics: { realtimeStreamOpened: () => () => {} },
        lifecycle: { onStopAccepting: () => () => {} },
      }),
    );
  const deliver = (id: number, type = "ig-message") => {
    for (const handler of handlers) handler({ id, type, data: { id } });
  };
  return { app, deliver };
}

const ids = async (stream: ReturnType<typeof frames>, count: number) => {
  const got: number[] = [];
  for (let i = 0; i < count; i++) got.push(Number((await stream.next(1_000)).id));
  return got;
};

describe("the realtime stream", () => {
  it("sends a live event whose id is lower than one it already sent (no event lost)", async () => {
    const { app, deliver } = streamWithBus();
    const stream = frames(await app.request("/realtime"));
    // Live once the stream's first bytes are read.
    await expect(stream.next(200)).rejects.toThrow();
    deliver(11);
    deliver(10);
    deliver(12);
    expect(await ids(stream, 3)).toEqual([11, 10, 12]);
    await stream.cancel();
  });

  it("sends each event once when the replay and the held-back live events overlap", async () => {
    const replayed = [5, 6, 7].map((id) => ({ id, type: "ig-message", data: { id } }));
    const { app, deliver } = streamWithBus(replayed);
    const response = await app.request("/realtime", { headers: { "last-event-id": "4" } });
    // Delivered while the replay waits for the reader: held back, then merged with it.
    deliver(7);
    deliver(4);
    deliver(8);
    const stream = frames(response);
    expect(await ids(stream, 4)).toEqual([5, 6, 7, 8]);
    deliver(6);
    deliver(9);
    expect(await ids(stream, 1)).toEqual([9]);
    await stream.cancel();
  });

  it("sends a client only what they review: posts, their comments, the bell, the plan", async () => {
    const replayed = [
      { id: 5, type: "ig-message", data: {} },
      { id: 6, type: "scheduled-posts:updated", data: {} },
    ];
    const { app, deliver } = streamWithBus(replayed, "client");
    const response = await app.request("/realtime", { headers: { "last-event-id": "4" } });
    const stream = frames(response);
    const types = async (count: number) => {
      const got: Array<string | undefined> = [];
      for (let i = 0; i < count; i++) got.push((await stream.next(1_000)).event);
      return got;
    };
    expect(await types(1)).toEqual(["scheduled-posts:updated"]);
    deliver(7, "instagram-comment:created");
    deliver(8, "post-comments:updated");
    deliver(9, "press-radar:updated");
    deliver(10, "notifications:updated");
    deliver(11, "instagram-connection:updated");
    deliver(12, "plan:changed");
    expect(await types(3)).toEqual([
      "post-comments:updated",
      "notifications:updated",
      "plan:changed",
    ]);
    await stream.cancel();
  });
});
