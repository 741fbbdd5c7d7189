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

    stopMessages();
    expect(source.closed).toBe(false);
    stopComments();
    expect(source.closed).toBe(true);
    subscribeRealtime("ig-message", () => {});
    expect(FakeEventSource.instances).toHaveLength(2);
  });
});
