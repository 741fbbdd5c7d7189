import { Worker } from "node:worker_threads";

/** JPEG quality for converted HEIC photos: visually lossless, far below Instagram's 8MB cap. */
export const HEIC_JPEG_QUALITY = 0.92;
/** A conversion still running after this long is stopped (a 12 MP photo takes seconds). */
const CONVERSION_TIMEOUT_MS = 120_000;
/** Conversions at once: each is CPU-bound and holds the decoded pixels in memory. */
const MAX_PARALLEL = 2;

export class HeicConversionError extends Error {
  override name = "HeicConversionError";
}

let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * A HEIC/HEIF photo (iPhone's default) as a JPEG, since Instagram takes only JPEG (issue 13).
 * Decoded in a worker thread with heic-convert (libheif as WebAssembly), so no system library
 * is needed and the server keeps answering meanwhile. Throws HeicConversionError when the bytes
 * are not a HEIC image it can decode.
 */
export function toInstagramJpeg(bytes: Uint8Array): Promise<Uint8Array> {
  return slot(
    () =>
      new Promise<Uint8Array>((resolve, reject) => {
        const worker = new Worker(new URL("./heic-worker.mjs", import.meta.url), {
          workerData: { bytes, quality: HEIC_JPEG_QUALITY },
          // libheif writes its parse errors to stderr; the error message carries them instead.
          stdout: true,
          stderr: true,
        });
        worker.stdout.resume();
        worker.stderr.resume();
        let settled = false;
        const finish = (outcome: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          outcome();
        };
        const timer = setTimeout(
          () =>
            finish(() =>
              reject(new HeicConversionError("the HEIC photo took too long to convert")),
            ),
          CONVERSION_TIMEOUT_MS,
        );
        worker.once(
          "message",
          (answer: { ok: true; bytes: Uint8Array } | { ok: false; message: string }) =>
            finish(() =>
              answer.ok
                ? resolve(new Uint8Array(answer.bytes))
                : reject(
                    new HeicConversionError(`the HEIC photo could not be read (${answer.message})`),
                  ),
            ),
        );
        worker.once("error", (error) =>
          finish(() =>
            reject(new HeicConversionError(`the HEIC photo could not be read (${error.message})`)),
          ),
        );
        worker.once("exit", (code) =>
          finish(() =>
            reject(new HeicConversionError(`the HEIC converter stopped (exit code ${code})`)),
          ),
        );
      }),
  );
}
