// `react-dom/static` for the prerenderer when the build renders with Preact (vite.config.ts):
// what src/app/entry-prerender.tsx uses of it, `prerender`, waiting for every suspended part.
import type { VNode } from "preact";
import { renderToStringAsync } from "preact-render-to-string";

export async function prerender(
  element: VNode,
  options: { onError?: (error: unknown) => void } = {},
): Promise<{ prelude: ReadableStream<Uint8Array> }> {
  let html = "";
  try {
    html = await renderToStringAsync(element);
  } catch (error) {
    options.onError?.(error);
  }
  const bytes = new TextEncoder().encode(html);
  return {
    prelude: new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
  };
}
