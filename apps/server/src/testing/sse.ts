export type Frame = { id?: string; event?: string; data?: string };

/** Reads Server-Sent Events frames off a streaming response. */
export function frames(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const queue: Frame[] = [];
  // A read that outlived a timeout is kept for the next call: its chunk must not be lost.
  let pending: ReturnType<typeof reader.read> | undefined;
  const stream = {
    async next(timeoutMs = 2_000): Promise<Frame> {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("no event within the timeout");
        pending ??= reader.read();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const chunk = await Promise.race([
          pending,
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error("timeout")), left);
          }),
        ]).finally(() => clearTimeout(timer));
        pending = undefined;
        if (chunk.done) throw new Error("stream ended");
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: Frame = {};
          for (const line of block.split("\n")) {
            const [key, ...rest] = line.split(":");
            const value = rest.join(":").replace(/^ /, "");
            if (key === "id" || key === "event" || key === "data") frame[key] = value;
          }
          if (frame.event) queue.push(frame);
          end = buffer.indexOf("\n\n");
        }
      }
      return queue.shift()!;
    },
    /** The next frame of `event`, skipping others; throws when none came within `timeoutMs`. */
    async until(event: string, timeoutMs = 10_000): Promise<Frame> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const frame = await stream.next(Math.max(1, deadline - Date.now()));
        if (frame.event === event) return frame;
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
  return stream;
}
