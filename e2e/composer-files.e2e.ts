import type { JSHandle, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import {
  addImages,
  connectedPage,
  expectMediaCount,
  keptDraft,
  openComposer,
  COMPOSER_TEST_TIMEOUT_MS as TEST_TIMEOUT_MS,
  toast,
} from "./support/composer.ts";

/** Issue 24: what a new user tripped over in the composer, at a desktop and a phone width. */
const SCREENSHOT_DIR = process.env.COMPOSER_SCREENSHOT_DIR;
const WIDTHS = [1440, 390] as const;
const ADD_MEDIA_FIRST = "Add at least one media item";
const CAPTION_CUT =
  "Captions hold up to 2,200 characters: the first 2,200 were kept and the rest left out.";

async function screenshot(page: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

/** Drops a DataTransfer of files made in the page (big ones never cross the wire). */
async function dropFiles(dialog: Locator, transfer: JSHandle<DataTransfer>) {
  const zone = dialog.getByRole("button", { name: /Drop photos and videos here/ });
  await zone.dispatchEvent("dragover", { dataTransfer: transfer });
  await zone.dispatchEvent("drop", { dataTransfer: transfer });
}

/** Every toast text shown so far and still on screen, for "never said" checks. */
function toastTexts(page: Page) {
  return page.locator("[data-sonner-toast]").allTextContents();
}

/** Replaces the composer's kept draft (IndexedDB) with one the page made. */
async function writeDraft(page: Page, draft: JSHandle<unknown>) {
  await page.evaluate(async (value) => {
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open("sightline-composer", 1);
      open.onupgradeneeded = () => open.result.createObjectStore("drafts");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction("drafts", "readwrite");
        tx.objectStore("drafts").put(value, "current");
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  }, draft);
}

describe.skipIf(!hasChromium())("the composer's files, drafts and spec texts (issue 24)", () => {
  const live = useServerAndBrowser({ timeoutMs: 170_000, template: "connected", accounts: 6 });

  for (const width of WIDTHS) {
    it(
      `at ${width} px: refuses bad files at once with their reason, offers a tall photo a 4:5 crop that then publishes, and cuts a long paste saying so`,
      async () => {
        const { page, context, errors } = await connectedPage(live.browser, live.server.url, width);
        await context.grantPermissions(["clipboard-read", "clipboard-write"]);
        const dialog = await openComposer(page);
        const files = await page.evaluateHandle(async () => {
          const png = (w: number, h: number) => {
            const canvas = document.createElement("canvas");
            canvas.width = w;
            canvas.height = h;
            const context = canvas.getContext("2d") as CanvasRenderingContext2D;
            context.fillStyle = "#7c3aed";
            context.fillRect(0, 0, w, h);
            context.fillStyle = "#fde68a";
            context.fillRect(0, h / 2 - 40, w, 80);
            return new Promise<Blob>((resolve) =>
              canvas.toBlob((blob) => resolve(blob as Blob), "image/png"),
            );
          };
          const enc = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
          // A GIF's header, then bytes no decoder makes a picture of.
          const gif = new Uint8Array([
            ...enc("GIF89a"),
            10,
            0,
            10,
            0,
            0x80,
            0,
            0,
            ...new Array(200).fill(0x5a),
          ]);
          // An MP4's first box, then nothing a player can read.
          const mp4 = new Uint8Array([
            0,
            0,
            0,
            0x18,
            ...enc("ftypisom"),
            0,
            0,
            2,
            0,
            ...enc("x".repeat(400)),
          ]);
          const transfer = new DataTransfer();
          for (const file of [
            new File(["These are my notes, not a photo."], "notes.jpg", { type: "image/jpeg" }),
            new File([gif], "spin.gif", { type: "image/gif" }),
            new File([mp4], "broken.mp4", { type: "video/mp4" }),
            new File([new ArrayBuffer(157 * 1024 * 1024)], "holiday.jpg", { type: "image/jpeg" }),
            new File([await png(300, 2000)], "tall.png", { type: "image/png" }),
          ]) {
            transfer.items.add(file);
          }
          return transfer;
        });
        await dropFiles(dialog, files);
        await toast(
          page,
          'Photo "holiday.jpg" is too large (157.0MB). Maximum size is 50MB. Please use a smaller photo.',
        );
        await toast(
          page,
          'Could not add "notes.jpg": it is not a photo or video Instagram takes (JPEG, PNG, WebP, GIF, HEIC, MP4 or MOV).',
        );
        await toast(
          page,
          'Could not add "spin.gif": the image cannot be read. It may be damaged; export it again and retry.',
        );
        await toast(page, 'Could not add "broken.mp4": the video cannot be read.');
        const offer = dialog.getByTestId("crop-offer");
        await offer
          .getByText(
            '"tall.png" is 300×2000, too tall for Instagram, which takes photos from 4:5 (portrait) to 1.91:1 (landscape).',
            { exact: false },
          )
          .waitFor();
        // Nothing blank joined the post, and the video words were never used for the photo.
        await expect(dialog.getByTestId("media-item").count()).resolves.toBe(0);
        expect((await toastTexts(page)).join(" ")).not.toContain("Video file");
        await screenshot(page, `issue24-bad-files-${width}`);

        // A photo over Instagram's 8MB is scaled to 1440 px wide as it joins the post.
        const bigPhoto = await page.evaluateHandle(async () => {
          const canvas = document.createElement("canvas");
          canvas.width = 3000;
          canvas.height = 3000;
          const context = canvas.getContext("2d") as CanvasRenderingContext2D;
          const pixels = context.createImageData(3000, 3000);
          for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = (Math.random() * 256) | 0;
          context.putImageData(pixels, 0, 0);
          const blob = await new Promise<Blob>((resolve) =>
            canvas.toBlob((b) => resolve(b as Blob), "image/jpeg", 1),
          );
          if (blob.size <= 8 * 1024 * 1024) throw new Error(`only ${blob.size} bytes`);
          const transfer = new DataTransfer();
          transfer.items.add(new File([blob], "big.jpg", { type: "image/jpeg" }));
          return transfer;
        });
        await dropFiles(dialog, bigPhoto);
        await toast(
          page,
          'Scaled "big.jpg" down to 1440 px wide: Instagram takes photos up to 8MB.',
        );
        await expectMediaCount(page, 1);
        await dialog.getByRole("button", { name: "Remove big.jpg" }).click();
        await expectMediaCount(page, 0);

        // Publish before deciding: the photo waits for its crop.
        await dialog.getByRole("button", { name: "Publish" }).click();
        await toast(page, 'Crop "tall.png" or leave it out first.');
        await offer.getByRole("button", { name: "Crop to 4:5" }).click();
        await expectMediaCount(page, 1);
        await expect(offer.count()).resolves.toBe(0);
        await expect(dialog.getByTestId("post-type").textContent()).resolves.toBe("Image");

        // A paste over 2,200 characters keeps the first 2,200 and says so.
        const long = `${"a".repeat(2_000)}${"b".repeat(300)}`;
        await page.evaluate((text) => navigator.clipboard.writeText(text), long);
        const caption = dialog.getByLabel("Caption");
        await caption.click();
        await page.keyboard.press("ControlOrMeta+V");
        await toast(page, CAPTION_CUT);
        await expect(caption.inputValue()).resolves.toBe(long.slice(0, 2_200));
        await expect(dialog.getByTestId("caption-count").textContent()).resolves.toBe("2200/2200");
        // The long caption wraps in the preview: nothing is pushed past the screen's edge.
        const overflow = await dialog.evaluate((root) =>
          Array.from(root.querySelectorAll<HTMLElement>("*"))
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .map((el) => el.tagName),
        );
        expect(overflow).toEqual([]);
        await screenshot(page, `issue24-cropped-and-cut-${width}`);

        // The cropped photo is 4:5 and Instagram (the sandbox, which checks) publishes it.
        await caption.fill(`Cropped to fit ${Date.now()}`);
        const sent = page.waitForRequest("**/api/scheduled-posts/publish-now");
        await dialog.getByRole("button", { name: "Publish" }).click();
        const body = (await sent).postDataJSON() as {
          items: { aspectRatio?: number; key: string }[];
        };
        expect(body.items).toHaveLength(1);
        expect(body.items[0]?.aspectRatio).toBe(0.8);
        expect(body.items[0]?.key).toMatch(/\.jpg$/);
        await page
          .locator("[data-sonner-toast]", { hasText: "Post published successfully! 🎉" })
          .waitFor({ timeout: 90_000 });
        expect(errors).toEqual([]);
        await context.close();
      },
      TEST_TIMEOUT_MS,
    );

    it(
      `at ${width} px: Publish and Confirm Schedule clicked while a PNG is converting wait ('Preparing post...') and then go on`,
      async () => {
        const { page, context, errors } = await connectedPage(live.browser, live.server.url, width);
        // The test holds every JPEG encode until it lets go, so the click lands mid-conversion.
        await page.evaluate(() => {
          const encode = HTMLCanvasElement.prototype.toBlob;
          const held: (() => void)[] = [];
          const hold = window as unknown as { release: () => void; held: () => number };
          hold.release = () => {
            for (const go of held.splice(0)) go();
          };
          hold.held = () => held.length;
          HTMLCanvasElement.prototype.toBlob = function (
            this: HTMLCanvasElement,
            callback: BlobCallback,
            type?: string,
            quality?: number,
          ) {
            if (type !== "image/jpeg") return encode.call(this, callback, type, quality);
            held.push(() => encode.call(this, callback, type, quality));
          };
        });
        const held = () =>
          page.evaluate(() => (window as unknown as { held: () => number }).held());
        const release = () =>
          page.evaluate(() => (window as unknown as { release: () => void }).release());

        let dialog = await openComposer(page);
        await addImages(page, [{ name: "launch.png", color: "#0ea5e9" }]);
        await toast(page, "Converting launch.png to JPEG for Instagram...");
        await expect.poll(held, { timeout: 30_000 }).toBe(1);
        await dialog.getByLabel("Caption").fill(`Published mid-conversion ${Date.now()}`);
        await dialog.getByRole("button", { name: "Publish" }).click();
        await dialog.getByText("Preparing post...").waitFor();
        await expect(dialog.getByTestId("media-item").count()).resolves.toBe(0);
        await screenshot(page, `issue24-preparing-${width}`);
        await release();
        await page
          .locator("[data-sonner-toast]", { hasText: "Post published successfully! 🎉" })
          .waitFor({ timeout: 90_000 });
        expect((await toastTexts(page)).join(" ")).not.toContain(ADD_MEDIA_FIRST);
        await expect.poll(() => dialog.count(), { timeout: 30_000 }).toBe(0);

        // The same for scheduling: the sheet opens, Confirm waits for the conversion.
        dialog = await openComposer(page);
        await addImages(page, [{ name: "later.png", color: "#16a34a" }]);
        await toast(page, "Converting later.png to JPEG for Instagram...");
        await expect.poll(held, { timeout: 30_000 }).toBe(1);
        await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
        const sheet = page.getByRole("dialog", { name: "Schedule Post" });
        await sheet.waitFor();
        await sheet.getByRole("button", { name: "Next month" }).click();
        await sheet
          .getByRole("button", { name: /^\w+day, \w+ 1\d, \d{4}$/ })
          .first()
          .click();
        await sheet.getByRole("button", { name: "Confirm Schedule" }).click();
        await dialog.getByText("Preparing post...").waitFor();
        await release();
        await toast(page, "Scheduled successfully");
        expect((await toastTexts(page)).join(" ")).not.toContain(ADD_MEDIA_FIRST);
        const { posts } = await page.evaluate(async () => {
          const response = await fetch("/api/scheduled-posts");
          return (await response.json()) as { posts: { status: string; items: unknown[] }[] };
        });
        expect(posts.map((post) => post.status).sort()).toEqual(["published", "scheduled"]);
        expect(errors).toEqual([]);
        await context.close();
      },
      TEST_TIMEOUT_MS,
    );

    it(
      `at ${width} px: a restored draft says so (with Discard), keeps its media once, and Schedule opens the sheet; the spec's texts on the way`,
      async () => {
        const { page, context, errors } = await connectedPage(live.browser, live.server.url, width);
        let dialog = await openComposer(page);
        await addImages(page, [{ name: "kept.png", color: "#db2777" }]);
        await expectMediaCount(page, 1);
        await dialog.getByLabel("Caption").fill("Kept for later");
        // AI Suggest chooses a time; the sheet is closed without confirming it.
        await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
        let sheet = page.getByRole("dialog", { name: "Schedule Post" });
        await sheet.getByRole("button", { name: "AI Suggest" }).click();
        await expect
          .poll(() => sheet.getByTestId("scheduled-for").textContent(), { timeout: 60_000 })
          .toMatch(/ at \d{2}:\d{2}$/);
        await sheet.getByRole("button", { name: "Close schedule" }).click();
        await sheet.waitFor({ state: "detached" });
        // The browser closes; the draft waits in IndexedDB.
        await expect
          .poll(() => keptDraft(page), { timeout: 30_000 })
          .toMatchObject({ caption: "Kept for later", items: 1, date: expect.any(String) });
        await page.reload();
        dialog = await openComposer(page);
        const notice = dialog.getByTestId("draft-restored");
        await notice.getByText("Restored the draft you were working on.").waitFor();
        await expectMediaCount(page, 1);
        await screenshot(page, `issue24-restored-${width}`);
        // Schedule shows the suggested time to confirm; it does not schedule.
        await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
        sheet = page.getByRole("dialog", { name: "Schedule Post" });
        await sheet.waitFor();
        await screenshot(page, `issue24-restored-sheet-${width}`);
        await sheet.getByRole("button", { name: "Close schedule" }).click();
        await sheet.waitFor({ state: "detached" });
        const posts = await page.evaluate(async () => {
          const response = await fetch("/api/scheduled-posts");
          return ((await response.json()) as { posts: unknown[] }).posts.length;
        });
        expect(posts).toBe(0);
        // Publishing the restored draft sends its one image once.
        const sent = page.waitForRequest("**/api/scheduled-posts/publish-now");
        await dialog.getByRole("button", { name: "Publish" }).click();
        expect(((await sent).postDataJSON() as { items: unknown[] }).items).toHaveLength(1);
        await toast(page, "Post published successfully! 🎉");
        await expect.poll(() => dialog.count(), { timeout: 30_000 }).toBe(0);

        // A draft kept with a time now past: restored, Schedule opens the sheet, Confirm refuses.
        const pastDraft = await page.evaluateHandle(async () => {
          const canvas = document.createElement("canvas");
          canvas.width = 400;
          canvas.height = 400;
          (canvas.getContext("2d") as CanvasRenderingContext2D).fillRect(0, 0, 400, 400);
          const blob = await new Promise<Blob>((resolve) =>
            canvas.toBlob((b) => resolve(b as Blob), "image/jpeg", 0.9),
          );
          const image = new File([blob], "past.jpg", { type: "image/jpeg" });
          const item = { id: "item-1", file: image, mediaType: "image", aspectRatio: 1, tags: [] };
          return {
            clientId: crypto.randomUUID(),
            caption: "From yesterday",
            hashtags: [],
            collaborators: [],
            // Yesterday at 10:00, gone by: the sheet opens on its month, so tomorrow is at most
            // two months on (a date years back cost a click and a count per month under load).
            choice: {
              date: new Date(Date.now() - 86_400_000).toLocaleDateString("sv-SE"),
              hour: 10,
              minute: 0,
            },
            // The same item twice, as an older copy could hold it: shown once.
            items: [item, item],
            savedAt: Date.now(),
          };
        });
        await writeDraft(page, pastDraft);
        await page.reload();
        dialog = await openComposer(page);
        await dialog.getByTestId("draft-restored").waitFor();
        await expectMediaCount(page, 1);
        await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
        sheet = page.getByRole("dialog", { name: "Schedule Post" });
        await sheet.getByRole("button", { name: "Confirm Schedule" }).click();
        await toast(page, "Cannot schedule post in the past");

        // Tomorrow, confirmed: the server answers it could not save, then the network fails.
        const { tomorrowLabel } = await page.evaluate(() => ({
          tomorrowLabel: new Intl.DateTimeFormat("en-US", {
            weekday: "long",
            month: "long",
            day: "numeric",
            year: "numeric",
          }).format(new Date(Date.now() + 86_400_000)),
        }));
        // The sheet shows the kept date's month: forward to tomorrow when it is next month's.
        let day = sheet.getByRole("button", { name: tomorrowLabel, exact: true });
        for (let tries = 0; (await day.count()) === 0 && tries < 3; tries++) {
          await sheet.getByRole("button", { name: "Next month" }).click();
          day = sheet.getByRole("button", { name: tomorrowLabel, exact: true });
        }
        await day.click();
        const endpoint = "**/api/scheduled-posts";
        await page.route(endpoint, (route) =>
          route.request().method() === "POST"
            ? route.fulfill({
                status: 500,
                json: { error: { code: "internal", message: "The database is away" } },
              })
            : route.fallback(),
        );
        await sheet.getByRole("button", { name: "Confirm Schedule" }).click();
        await toast(page, "Failed to save schedule");
        await page.unroute(endpoint);
        await page.route(endpoint, (route) =>
          route.request().method() === "POST" ? route.abort("connectionfailed") : route.fallback(),
        );
        // Confirmed in this opening: Schedule in the footer now goes straight on.
        await sheet.getByRole("button", { name: "Close schedule" }).click();
        await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
        await toast(page, "Schedule failed");
        await page.unroute(endpoint);

        // Discard empties the composer and forgets the kept copy.
        await dialog.getByTestId("draft-restored").getByRole("button", { name: "Discard" }).click();
        await expect(dialog.getByTestId("media-item").count()).resolves.toBe(0);
        await expect(dialog.getByLabel("Caption").inputValue()).resolves.toBe("");
        await expect(dialog.getByTestId("draft-restored").count()).resolves.toBe(0);

        // A kept file over 50MB at scheduling; an empty one for the AI caption; an upload that
        // fails for the AI caption.
        await dialog.getByRole("button", { name: "Cancel" }).click();
        const big = await page.evaluateHandle(() => {
          const file = new File([new ArrayBuffer(51 * 1024 * 1024)], "long.mp4", {
            type: "video/mp4",
          });
          return {
            clientId: crypto.randomUUID(),
            caption: "Too long to keep",
            hashtags: [],
            collaborators: [],
            choice: { date: undefined, hour: 10, minute: 0 },
            items: [
              { id: "big", file, mediaType: "video", duration: 20, aspectRatio: 1, tags: [] },
            ],
            savedAt: Date.now(),
          };
        });
        await writeDraft(page, big);
        await page.reload();
        dialog = await openComposer(page);
        await expectMediaCount(page, 1);
        await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
        sheet = page.getByRole("dialog", { name: "Schedule Post" });
        await sheet.getByRole("button", { name: "Next month" }).click();
        await sheet
          .getByRole("button", { name: /^\w+day, \w+ 1\d, \d{4}$/ })
          .first()
          .click();
        await sheet.getByRole("button", { name: "Confirm Schedule" }).click();
        await toast(
          page,
          "File too large (51.0MB). Maximum allowed size is 50MB. Please compress your video or use a smaller file.",
        );
        await sheet.getByRole("button", { name: "Close schedule" }).click();
        await dialog.getByRole("button", { name: "Cancel" }).click();

        const emptyFile = await page.evaluateHandle(() => ({
          clientId: crypto.randomUUID(),
          caption: "",
          hashtags: [],
          collaborators: [],
          choice: { date: undefined, hour: 10, minute: 0 },
          items: [
            {
              id: "empty",
              file: new File([], "gone.jpg", { type: "image/jpeg" }),
              mediaType: "image",
              tags: [],
            },
          ],
          savedAt: Date.now(),
        }));
        await writeDraft(page, emptyFile);
        await page.reload();
        dialog = await openComposer(page);
        await dialog.getByRole("button", { name: "Write caption" }).click();
        await toast(page, "No file available");
        await dialog.getByTestId("draft-restored").getByRole("button", { name: "Discard" }).click();

        await addImages(page, [{ name: "caption.png", color: "#ca8a04" }]);
        await expectMediaCount(page, 1);
        await page.route("**/api/uploads/**", (route) =>
          route.fulfill({
            status: 500,
            json: { error: { code: "internal", message: "Storage is away" } },
          }),
        );
        await dialog.getByRole("button", { name: "Write caption" }).click();
        await toast(page, "Failed to upload media");
        await page.unroute("**/api/uploads/**");
        expect(errors).toEqual([]);
        await context.close();
      },
      TEST_TIMEOUT_MS,
    );
  }
});
