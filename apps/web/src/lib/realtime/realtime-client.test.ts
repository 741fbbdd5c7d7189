import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, id: string) {
    const event = { data: JSON.stringify(data), lastEventId: id } as MessageEvent<string>;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

describe("subscribeRealtime", () => {
  it("opens one stream for the tab, routes events by type, and closes when nobody listens", async () => {
    const { subscribeRealtime } = await import("./realtime-client.ts");
    const messages: unknown[] = [];
    const comments: unknown[] = [];
    const stopMessages = subscribeRealtime("ig-message", (data, id) => messages.push([data, id]));
    const stopComments = subscribeRealtime("instagram-comment:created", (data) =>
      comments.push(data),
    );
    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe("/api/realtime");
    expect(source.init).toEqual({ withCredentials: true });

    source.emit("ig-message", { conversationId: "c1" }, "7");
    source.emit("instagram-comment:created", { commentId: "k" }, "8");
    expect(messages).toEqual([[{ conversationId: "c1" }, "7"]]);
    expect(comments).toEqual([{ commentId: "k" }]);

    vi.useFakeTimers();
    try {
      stopMessages();
      stopComments();
      // A page change resubscribes at once: the stream stays open across it.
      const again = subscribeRealtime("ig-message", () => {});
      vi.advanceTimersByTime(10_000);
      expect(source.closed).toBe(false);
      again();
      vi.advanceTimersByTime(4_000);
      expect(source.closed).toBe(false);
      vi.advanceTimersByTime(1_500);
      expect(source.closed).toBe(true);
      // A new stream resumes after the last event this tab saw.
      subscribeRealtime("ig-message", () => {});
      expect(FakeEventSource.instances).toHaveLength(2);
      expect(FakeEventSource.instances[1]!.url).toBe("/api/realtime?lastEventId=8");
    } finally {
      vi.useRealTimers();
    }
  });

  it("runs the open handlers each time the stream connects", async () => {
    const { subscribeRealtimeOpen } = await import("./realtime-client.ts");
    let opened = 0;
    subscribeRealtimeOpen(() => opened++);
    const source = FakeEventSource.instances[0]!;
    source.emit("open", {}, "");
    source.emit("open", {}, "");
    expect(opened).toBe(2);
  });

  it("keeps the stream when the first answer names the workspace, and reopens it on a switch", async () => {
    const { subscribeRealtime } = await import("./realtime-client.ts");
    const { setOpenWorkspaceId } = await import("../workspace.ts");
    subscribeRealtime("ig-message", () => {});
    const first = FakeEventSource.instances[0]!;
    expect(first.url).toBe("/api/realtime");
    // The workspace list settles on the server's choice: the same stream goes on (no gap).
    setOpenWorkspaceId("w1");
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(first.closed).toBe(false);
    // The member opens another workspace: its events come on a stream of its own.
    setOpenWorkspaceId("w2");
    expect(first.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[1]!.url).toBe("/api/realtime?workspace=w2");
    setOpenWorkspaceId(null);
  });
});
