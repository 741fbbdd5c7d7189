// Runs heic-convert (libheif compiled to WebAssembly, no system libraries) off the main thread:
// a 12-megapixel photo takes seconds of CPU that must not stall the server. See heic.ts.
import { parentPort, workerData } from "node:worker_threads";
import convert from "heic-convert";

try {
  const output = await convert({
    buffer: workerData.bytes,
    format: "JPEG",
    quality: workerData.quality,
  });
  const bytes = new Uint8Array(output);
  parentPort.postMessage({ ok: true, bytes }, [bytes.buffer]);
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error?.message ?? error) });
}
