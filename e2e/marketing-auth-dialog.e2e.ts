import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeProblems } from "./support/axe.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";

/**
 * The landing page's auth dialog before the app has loaded (issue 24 point 6, decision 005's
 * fourth addendum): the page's own copy of the dialog opens at the press, and the React dialog
 * takes over from it when its code arrives, with what was typed, the focus and the caret. The
 * dialog's and the app's code are held back by the test until it lets them through.
 */
describe.skipIf(!hasChromium())("the landing page's auth dialog before the app", () => {
  const live = useServerAndBrowser();

  /** A visitor's page at a width, with the dialog's and the app's code held until `release()`. */
  async function openHeld(width: number) {
    const phone = width < 500;
    const context = await live.browser.newContext({
      viewport: { width, height: 900 },
      hasTouch: phone,
      isMobile: phone,
      locale: "en-US",
    });
    await context.route(/youtube-nocookie\.com/, (route) =>
      route.fulfill({ contentType: "text/html", body: "<p>demo video</p>" }),
    );
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/assets\/(auth-dialog-root|start-app)-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(live.server.url);
    await page.waitForLoadState("load");
    // The hero's "Get started free", or the header's "Log in" (in the menu on a phone).
    const press = async (tab: "signup" | "login") => {
      if (tab === "login" && phone) {
        await page.getByRole("button", { name: "Open menu" }).tap();
      }
      const cta =
        tab === "signup"
          ? page.locator("main").getByRole("button", { name: "Get started free" }).first()
          : page.locator('header [data-auth-cta="login"]:visible').first();
      await cta.scrollIntoViewIfNeeded();
      if (phone) await cta.tap();
      else await cta.click();
    };
    return { context, page, release, press, errors, phone };
  }

  const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Welcome to Sightline" });
  /** The shown tab's fields (the page's copy has both tabs' forms, one of them hidden). */
  const field = (page: Page, label: string) =>
    dialogOf(page)
      .locator('[role="tabpanel"]:not([hidden])')
      .getByLabel(label, { exact: label === "Password" });
  /** Which copy is shown: the page's own <dialog>, or React's (a div with role="dialog"). */
  const shownCopy = (page: Page) =>
    page.evaluate(() => {
      const copy = document.getElementById("auth-dialog-static") as HTMLDialogElement | null;
      if (copy?.open) return "page";
      return document.querySelector("[data-auth-dialog]") ? "react" : "none";
    });
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLInputElement | null;
      return {
        name: element?.getAttribute("name") ?? element?.tagName,
        caret: element?.selectionStart ?? null,
      };
    });
  /** Where the dialog and each of its shown controls are, rounded to the pixel. */
  const layout = (page: Page) =>
    page.evaluate(() => {
      const copy = document.getElementById("auth-dialog-static") as HTMLDialogElement | null;
      const dialog = copy?.open ? copy : document.querySelector<HTMLElement>("[data-auth-dialog]");
      if (!dialog) return [];
      const controls = Array.from(
        dialog.querySelectorAll<HTMLElement>("input, button, a[href]"),
      ).filter((element) => !element.closest("[hidden]"));
      return [dialog, ...controls].map((element) => {
        const box = element.getBoundingClientRect();
        return [box.x, box.y, box.width, box.height].map(Math.round);
      });
    });
  const appIsLive = (page: Page) => page.evaluate(() => document.documentElement.dataset.app);

  async function closeContext(context: BrowserContext, errors: string[]) {
    await context.close();
    expect(errors).toEqual([]);
  }

  it("closes with an Escape pressed the moment the app's dialog takes over from the page's copy", async () => {
    const { context, page, release, press, errors } = await openHeld(1440);
    const dialog = dialogOf(page);
    await press("login");
    await dialog.waitFor();
    // The key arrives in the task after the take-over, before the React dialog's first frame (its
    // effects, which add Radix's Escape listener, used to wait for that frame: the key was lost
    // and the dialog stayed open over a page its modality had hidden).
    await page.evaluate(() => {
      new MutationObserver((_records, observer) => {
        if (!document.getElementById("auth-dialog-root")) return;
        observer.disconnect();
        setTimeout(() =>
          (document.activeElement ?? document.body).dispatchEvent(
            new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }),
          ),
        );
      }).observe(document.body, { childList: true });
    });
    release();
    await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
    await dialog.waitFor({ state: "detached" });
    await expect(page.locator("#root").getAttribute("aria-hidden")).resolves.toBeNull();
    await page.locator("main").getByRole("button", { name: "Get started free" }).first().click();
    await expect(
      dialog.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected"),
    ).resolves.toBe("true");
    await closeContext(context, errors);
  });

  for (const width of [1440, 390]) {
    it(`keeps what was typed before the app loaded, and signs up from there (${width} px)`, async () => {
      const { context, page, release, press, errors } = await openHeld(width);
      await press("signup");
      const dialog = dialogOf(page);
      await dialog.waitFor();
      await expect(shownCopy(page)).resolves.toBe("page");
      await expect(appIsLive(page)).resolves.toBe(undefined);
      await expect(
        dialog.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected"),
      ).resolves.toBe("true");
      // The focus is in the first field, as in the React dialog.
      await expect(focused(page)).resolves.toMatchObject({ name: "firstName" });

      const email = `e2e-early-${width}-${Date.now()}@example.com`;
      await page.keyboard.type("Ada");
      await field(page, "Email").fill(email);
      await field(page, "Password").fill("ceramics2026");
      await field(page, "Confirm password").fill("ceramics2026");
      // Last: the last name's second half, the caret put back at its start.
      await field(page, "Last name").fill("lace");
      await page.keyboard.press("Home");
      await expect(focused(page)).resolves.toEqual({ name: "lastName", caret: 0 });
      await expect(shownCopy(page)).resolves.toBe("page");
      await page.screenshot({
        path: path.join(tmpdir(), `sightline-auth-dialog-${width}-before.png`),
      });
      await expect(axeProblems(page, "#auth-dialog-static")).resolves.toEqual([]);
      const layoutBefore = await layout(page);
      // Every frame from here on: how many auth dialogs it showed (never none, never two).
      await page.evaluate(() => {
        const frames: number[] = [];
        (window as unknown as { dialogFrames: number[] }).dialogFrames = frames;
        const sample = () => {
          const copy = document.getElementById("auth-dialog-static") as HTMLDialogElement | null;
          frames.push(
            (copy?.open ? 1 : 0) + document.querySelectorAll("[data-auth-dialog]").length,
          );
          requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });

      release();
      await page.waitForFunction(() => document.getElementById("auth-dialog-static") === null);
      await expect(shownCopy(page)).resolves.toBe("react");
      // One dialog, with every value, the focus and the caret where they were.
      await expect(page.getByRole("dialog").count()).resolves.toBe(1);
      await expect(field(page, "First name").inputValue()).resolves.toBe("Ada");
      await expect(field(page, "Email").inputValue()).resolves.toBe(email);
      await expect(field(page, "Password").inputValue()).resolves.toBe("ceramics2026");
      await expect(field(page, "Confirm password").inputValue()).resolves.toBe("ceramics2026");
      await expect(focused(page)).resolves.toEqual({ name: "lastName", caret: 0 });
      // Nothing moved, and no frame showed no dialog or two.
      expect(await layout(page)).toEqual(layoutBefore);
      const frames = await page.evaluate(
        () => (window as unknown as { dialogFrames: number[] }).dialogFrames,
      );
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.filter((count) => count !== 1)).toEqual([]);
      await page.screenshot({
        path: path.join(tmpdir(), `sightline-auth-dialog-${width}-after.png`),
      });
      await expect(axeProblems(page, "[data-auth-dialog]")).resolves.toEqual([]);
      // axe leaves the focus where it was.
      await expect(focused(page)).resolves.toEqual({ name: "lastName", caret: 0 });
      await page.keyboard.type("Love");
      await expect(field(page, "Last name").inputValue()).resolves.toBe("Lovelace");

      const sent = page.waitForRequest((request) => request.url().includes("/sign-up/email"));
      await dialog.getByRole("button", { name: "Create Account" }).click();
      expect((await sent).postDataJSON()).toMatchObject({
        email,
        firstName: "Ada",
        lastName: "Lovelace",
      });
      await dialog
        .getByText("Account created. Please check your email to confirm your address.")
        .waitFor();
      // The account works: its confirmation link signs in to the app.
      let link: string | undefined;
      for (let attempt = 0; attempt < 50 && !link; attempt++) {
        const { messages } = (await (await fetch(`${live.server.url}/api/dev/mailbox`)).json()) as {
          messages: { to: string; links: string[] }[];
        };
        link = messages.find((message) => message.to === email)?.links[0];
        if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(link).toBeDefined();
      await page.goto(link as string);
      await page.waitForURL(/\/dashboard/);
      await closeContext(context, errors);
    });

    it(`does what was pressed before the app loaded once it has: a password shown, a sign-in sent (${width} px)`, async () => {
      const { context, page, release, press } = await openHeld(width);
      await press("login");
      const dialog = dialogOf(page);
      await dialog.waitFor();
      await field(page, "Email").fill("nobody@example.com");
      await field(page, "Password").fill("wrong password 1");
      const panel = dialog.locator('[role="tabpanel"]:not([hidden])');
      await panel.getByRole("button", { name: "Show password" }).click();
      // Enter in the password field: the form's submission, held until the app can send it.
      await field(page, "Password").press("Enter");
      await expect(shownCopy(page)).resolves.toBe("page");
      release();
      await page.waitForFunction(() => document.getElementById("auth-dialog-static") === null);
      await expect(field(page, "Password").getAttribute("type")).resolves.toBe("text");
      await panel.getByRole("button", { name: "Hide password" }).waitFor();
      await dialog.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
      await expect(field(page, "Password").inputValue()).resolves.toBe("wrong password 1");
      // The refused sign-in's 401 is logged by the browser; nothing else is checked here.
      await context.close();
    });

    it(`closes with Escape, the close button and the backdrop, before and after the app loaded (${width} px)`, async () => {
      const { context, page, release, press, errors, phone } = await openHeld(width);
      const dialog = dialogOf(page);
      const scrollLocked = () => page.evaluate(() => getComputedStyle(document.body).overflow);

      // Escape, before the app: closed, the typed e-mail forgotten (as the React dialog does),
      // the page scrolls again and the focus is back on the call to action.
      await press("signup");
      await dialog.waitFor();
      await expect(scrollLocked()).resolves.toBe("hidden");
      await field(page, "Email").fill("early@example.com");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      // (the <dialog>'s close event comes a task after it has closed)
      await expect.poll(scrollLocked).toBe("visible");
      if (!phone) {
        await expect(
          page.evaluate(() => document.activeElement?.getAttribute("data-auth-cta")),
        ).resolves.toBe("signup");
      }

      // The close button, on the Login tab (the header's Log in).
      await press("login");
      await dialog.waitFor();
      await expect(
        dialog.getByRole("tab", { name: "Login" }).getAttribute("aria-selected"),
      ).resolves.toBe("true");
      await expect(field(page, "Email").inputValue()).resolves.toBe("");
      // The tabs work before the app: the arrow keys, as Radix's.
      await dialog.getByRole("tab", { name: "Login" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect(
        dialog.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected"),
      ).resolves.toBe("true");
      await field(page, "First name").waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "hidden" });

      // The backdrop (above the panel, at both widths).
      await press("signup");
      await dialog.waitFor();
      await page.mouse.click(5, 5);
      await dialog.waitFor({ state: "hidden" });
      await expect(shownCopy(page)).resolves.toBe("none");

      // Open again, then the code arrives: the React dialog, which closes the same three ways.
      await press("signup");
      await dialog.waitFor();
      release();
      await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
      await expect(shownCopy(page)).resolves.toBe("react");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await press("signup");
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });
      await press("signup");
      await dialog.waitFor();
      await page.mouse.click(5, 5);
      await dialog.waitFor({ state: "detached" });
      // Never two dialogs: the page's copy is gone once the React one exists.
      await expect(page.locator("#auth-dialog-static").count()).resolves.toBe(0);
      await closeContext(context, errors);
    });
  }
});
