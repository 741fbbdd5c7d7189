import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeProblems as axeProblemsOf } from "./support/axe.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import {
  addImages,
  addVideo,
  COMPOSER_TEST_TIMEOUT_MS,
  connectedPage,
  expectMediaCount,
  keptDraft,
  makePng,
  openComposer,
  toast,
} from "./support/composer.ts";

const SCREENSHOT_DIR = process.env.COMPOSER_SCREENSHOT_DIR;

async function screenshot(page: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

/** WCAG 2.1 A and AA problems axe finds inside the open dialogs, as "rule: target" lines. */
const axeProblems = (page: Page) => axeProblemsOf(page, '[role="dialog"]');

/** What Tab reaches, in order, for `presses` presses: each control's name and whether it is in the dialog. */
async function tabOrder(page: Page, presses: number) {
  const reached: { name: string; inDialog: boolean }[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    reached.push(
      await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        const dialog = document.querySelector('[role="dialog"]');
        const labelled = active?.id
          ? document.querySelector(`label[for="${CSS.escape(active.id)}"]`)?.textContent
          : undefined;
        const name =
          active?.getAttribute("aria-label") ??
          labelled ??
          active?.textContent?.trim() ??
          active?.tagName ??
          "";
        return { name: name.trim(), inDialog: Boolean(active && dialog?.contains(active)) };
      }),
    );
  }
  return reached;
}

describe.skipIf(!hasChromium())("the composer: accessibility and layout", () => {
  const live = useServerAndBrowser({ timeoutMs: 170_000, template: "connected", accounts: 2 });

  for (const width of [1440, 390]) {
    it(
      `passes axe and keeps Tab inside the dialog at ${width} px: empty, carousel, tag prompt, schedule sheet, video cover`,
      async () => {
        const { page, context, errors } = await connectedPage(live.browser, live.server.url, width);
        let dialog = await openComposer(page);
        await screenshot(page, `composer-${width}-empty`);
        expect(await axeProblems(page)).toEqual([]);

        // Tab walks every control and never leaves the dialog (focus trap).
        const reached = await tabOrder(page, 40);
        expect(reached.filter((control) => !control.inDialog)).toEqual([]);
        const names = reached.map((control) => control.name);
        for (const control of [
          "Drop photos and videos here, or choose files",
          "Caption",
          "Hashtags",
          "Collaborators",
          "Cancel",
          "Schedule",
          "Publish",
        ]) {
          expect(names.some((name) => name.startsWith(control))).toBe(true);
        }

        // A carousel of three.
        await addImages(page, [
          { name: "one.png", color: "#7c3aed" },
          { name: "two.png", color: "#0ea5e9" },
          { name: "three.png", color: "#f59e0b" },
        ]);
        await expectMediaCount(page, 3);
        await dialog.getByLabel("Caption").fill("Three views of the new glaze :) #pottery");
        await dialog.getByLabel("Hashtags", { exact: true }).fill("ceramics glaze ");
        await screenshot(page, `composer-${width}-carousel`);
        expect(await axeProblems(page)).toEqual([]);

        // A photo too tall for Instagram, held with its crop offer (issue 24).
        await page.getByLabel("Add photos or videos").setInputFiles({
          name: "tall.png",
          mimeType: "image/png",
          buffer: await makePng(page, "#be123c", 300, 2000),
        });
        const offer = dialog.getByTestId("crop-offer");
        await offer.waitFor();
        await offer.scrollIntoViewIfNeeded();
        await screenshot(page, `composer-${width}-crop-offer`);
        expect(await axeProblems(page)).toEqual([]);
        await offer.getByRole("button", { name: "Don't add" }).click();
        await expect.poll(() => offer.count(), { timeout: 30_000 }).toBe(0);

        // The tag prompt, open where the preview was clicked.
        await dialog.getByRole("button", { name: "Tag people" }).click();
        const media = dialog.getByTestId("preview-media");
        await media.scrollIntoViewIfNeeded();
        const box = await media.boundingBox();
        if (!box) throw new Error("no preview");
        await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.6);
        const prompt = dialog.getByRole("group", { name: "Tag someone" });
        await prompt.waitFor();
        await expect(
          prompt.getByLabel("Username to tag").evaluate((el) => el === document.activeElement),
        ).resolves.toBe(true);
        await screenshot(page, `composer-${width}-tag-prompt`);
        expect(await axeProblems(page)).toEqual([]);
        await page.keyboard.press("Escape");
        await expect.poll(() => prompt.count(), { timeout: 30_000 }).toBe(0);

        // The schedule sheet.
        await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
        const sheet = page.getByRole("dialog", { name: "Schedule Post" });
        await sheet.waitFor();
        await screenshot(page, `composer-${width}-schedule`);
        expect(await axeProblems(page)).toEqual([]);
        await sheet.getByRole("button", { name: "Close schedule" }).click();
        await expect.poll(() => sheet.count(), { timeout: 30_000 }).toBe(0);

        // A video and its cover picker.
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await expect.poll(() => dialog.count(), { timeout: 30_000 }).toBe(0);
        dialog = await openComposer(page);
        await addVideo(page);
        await dialog.getByRole("button", { name: "Choose Cover Frame" }).click();
        const frames = dialog.getByRole("group", { name: "Choose Cover Frame" });
        await frames.getByRole("button", { name: "Forward 0.1 seconds" }).click();
        await frames.getByText("0.1 s").waitFor();
        await frames.scrollIntoViewIfNeeded();
        await screenshot(page, `composer-${width}-video-cover`);
        expect(await axeProblems(page)).toEqual([]);
        await frames.getByRole("button", { name: "Use as Cover" }).click();
        await toast(page, "Cover saved");

        // The draft brought back after a reload, with its notice and Discard (issue 24).
        await expect.poll(async () => (await keptDraft(page))?.items, { timeout: 30_000 }).toBe(1);
        await page.reload();
        dialog = await openComposer(page);
        await dialog.getByTestId("draft-restored").waitFor();
        await expectMediaCount(page, 1);
        expect(await axeProblems(page)).toEqual([]);

        // Toasts are announced: sonner's list is a polite live region.
        await expect(
          page.locator("section[aria-live]").first().getAttribute("aria-live"),
        ).resolves.toBe("polite");
        expect(errors).toEqual([]);
        await context.close();
      },
      COMPOSER_TEST_TIMEOUT_MS,
    );
  }
});
