import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { signedInPage } from "./accounts.ts";
import { takePreparedAccount } from "./server.ts";

/** Signing up and connecting the sandbox account alone can take half a minute on a busy machine. */
export const COMPOSER_TEST_TIMEOUT_MS = 240_000;

/** Waits for the connected account's first sync to finish, as the pages would show it. */
export async function waitForFirstSync(page: Page) {
  await expect
    .poll(
      async () =>
        page.evaluate(async () => {
          const response = await fetch("/api/instagram/connection");
          const body = (await response.json()) as {
            connection: { last_synced_at: string | null } | null;
          };
          return body.connection?.last_synced_at ?? null;
        }),
      { timeout: 90_000, interval: 1000 },
    )
    .not.toBeNull();
}

/** Connects @lena.makes through Settings and the sandbox's Instagram Login, as a user would. */
export async function connectLenaMakes(page: Page, serverUrl: string, timeoutMs = 60_000) {
  await page.goto(`${serverUrl}/settings`);
  await page.getByRole("button", { name: "Connect with Instagram" }).click();
  await page.waitForURL(/\/sandbox\/www\.instagram\.com\/oauth\/authorize/);
  await page.getByRole("button", { name: /@lena\.makes/ }).click();
  await page.waitForURL((url) => url.pathname === "/settings");
  await page.getByTestId("instagram-connected").waitFor({ timeout: timeoutMs });
}

/**
 * A signed-in account with @lena.makes connected through Instagram Login, on the dashboard.
 * On a server started from the connected template (`template: "connected"`), one of the accounts
 * global-setup.ts connected and synced there, each used once per server (a new browser context
 * with its session cookie); otherwise, or once they are used up, a new account connected here.
 */
export async function connectedPage(browser: Browser, serverUrl: string, width = 1440) {
  const prepared = takePreparedAccount(serverUrl);
  if (prepared) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies(prepared.cookies);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${serverUrl}/dashboard`);
    await page.waitForURL(`${serverUrl}/dashboard`);
    return { page, context, email: prepared.email, errors };
  }
  const session = await signedInPage(browser, serverUrl, { prefix: "composer", width });
  await connectLenaMakes(session.page, serverUrl);
  await session.page.goto(`${serverUrl}/dashboard`);
  return session;
}

/** A PNG drawn by the browser itself (so the composer has something to convert to JPEG). */
export async function makePng(
  page: Page,
  color: string,
  width = 800,
  height = 800,
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ color, width, height }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      context.fillStyle = color;
      context.fillRect(0, 0, width, height);
      context.fillStyle = "#ffffff";
      context.fillRect(width / 4, height / 4, width / 2, height / 2);
      return canvas.toDataURL("image/png");
    },
    { color, width, height },
  );
  return Buffer.from(dataUrl.split(",")[1] as string, "base64");
}

export async function openComposer(page: Page) {
  await page.getByRole("button", { name: "New", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create Instagram Post" });
  await dialog.waitFor();
  return dialog;
}

export async function addImages(page: Page, files: { name: string; color: string }[]) {
  const payload = [];
  for (const file of files) {
    payload.push({
      name: file.name,
      mimeType: "image/png",
      buffer: await makePng(page, file.color),
    });
  }
  await page.getByLabel("Add photos or videos").setInputFiles(payload);
}

export async function toast(page: Page, text: string) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor();
}

/**
 * A two-second portrait MP4 recorded from a canvas by the browser itself, base64. MP4, not
 * WebM: the composer takes only what Instagram publishes (MP4, MOV), judged by the bytes.
 */
export async function recordMp4(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 360;
    canvas.height = 640;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    const stream = canvas.captureStream(30);
    const recorder = new MediaRecorder(stream, { mimeType: "video/mp4" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start(100);
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = performance.now() - started;
        context.fillStyle = `hsl(${(t / 10) % 360} 80% 50%)`;
        context.fillRect(0, 0, 360, 640);
        if (t < 2000) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/mp4" }).arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
}

/** Waits until the dialog lists `count` media items. */
export async function expectMediaCount(page: Page, count: number) {
  const dialog = page.getByRole("dialog", { name: "Create Instagram Post" });
  await expect
    .poll(() => dialog.getByTestId("media-item").count(), { timeout: 30_000 })
    .toBe(count);
}

/** Adds a freshly recorded two-second portrait MP4 to the open composer and waits for it. */
export async function addVideo(page: Page) {
  const mp4 = await recordMp4(page);
  await page.getByLabel("Add photos or videos").setInputFiles({
    name: "clip.mp4",
    mimeType: "video/mp4",
    buffer: Buffer.from(mp4, "base64"),
  });
  await expectMediaCount(page, 1);
}

/** The composer's kept draft (IndexedDB), as the page reads it back. */
export async function keptDraft(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{
        caption: string;
        hashtags: string[];
        items: number;
        date: string | null;
      } | null>((resolve, reject) => {
        const open = indexedDB.open("sightline-composer", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("drafts");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("drafts").objectStore("drafts").get("current");
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const draft = read.result as
              | {
                  caption: string;
                  hashtags: string[];
                  items: unknown[];
                  choice?: { date?: string };
                }
              | undefined;
            open.result.close();
            resolve(
              draft
                ? {
                    caption: draft.caption,
                    hashtags: draft.hashtags,
                    items: draft.items.length,
                    date: draft.choice?.date ?? null,
                  }
                : null,
            );
          };
        };
      }),
  );
}

/**
 * The sandbox space (whose copy of the demo world, decision 015) that the page's connected
 * account lives in: the member who connected it. The sandbox's control calls name it in
 * `x-sandbox-space`; without it they act on the space whose owner last gave consent, which on
 * the connected template is another prepared account's.
 */
export async function sandboxSpaceOf(page: Page): Promise<string> {
  const space = await page.evaluate(async () => {
    const response = await fetch("/api/instagram/connection");
    const body = (await response.json()) as { connection: { user_id: string } | null };
    return body.connection?.user_id ?? "";
  });
  if (!space) throw new Error("the page's account has no Instagram connection");
  return space;
}
