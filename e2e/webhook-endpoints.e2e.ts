import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPlan, signedInPage } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";

/** Set WEBHOOKS_SCREENSHOT_DIR=/some/dir to keep screenshots at 1440 and 390 px. */
const shots = process.env.WEBHOOKS_SCREENSHOT_DIR;

/** The Developers card alone, or (for a dialog) what the window shows. */
async function shot(page: Page, name: string, what: "section" | "window" = "section") {
  if (!shots) return;
  if (what === "window") await page.screenshot({ path: `${shots}/${name}.png` });
  else await page.locator("#developers").screenshot({ path: `${shots}/${name}.png` });
}

/*
 * Issue 35 points 4 and 6: in Settings → Developers an owner adds an endpoint pointing at a
 * receiver this test runs on loopback (WEBHOOKS_ALLOW_LOOPBACK, test servers only), keeps the
 * secret shown once, presses "Send test event" and sees the delivery succeed in the log; the
 * receiver got the event signed with that secret.
 */
describe.skipIf(!hasChromium())("Webhook endpoints in Settings → Developers", () => {
  const live = useServerAndBrowser({ env: { WEBHOOKS_ALLOW_LOOPBACK: "true" } });
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  let receiver: Server;
  let port = 0;
  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
        response.writeHead(200, { "content-type": "text/plain" }).end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
  });

  for (const width of [1440, 390]) {
    it(`at ${width} px: add an endpoint, keep its secret, send a test event, see it succeed`, async () => {
      const url = live.server.url;
      const { page, context, errors } = await signedInPage(live.browser, url, {
        prefix: `webhooks-${width}`,
        width,
      });
      await page.goto(`${url}/settings#developers`);
      await setPlan(page, "pro");
      const section = page.getByTestId("webhook-endpoints");
      await section.waitFor();
      await shot(page, `webhooks-empty-${width}`);

      await section.getByRole("button", { name: "Add endpoint" }).click();
      const path = `/hook-${width}`;
      await section.getByLabel("Endpoint URL").fill(`http://localhost:${port}${path}`);
      await section.getByLabel("Description (optional)").fill(`Test receiver at ${width} px`);
      await section.getByLabel(/New DM/).check();
      await section.getByLabel(/Post published/).check();
      await shot(page, `webhooks-form-${width}`);
      await section.getByRole("button", { name: "Add endpoint" }).click();
      const secretField = page.getByTestId("webhook-secret");
      await secretField.waitFor();
      const secret = await secretField.inputValue();
      expect(secret).toMatch(/^whsec_/);
      await shot(page, `webhooks-secret-${width}`, "window");
      await page.getByRole("button", { name: "Done" }).last().click();
      await secretField.waitFor({ state: "detached" });

      const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: path });
      await endpoint.waitFor();
      expect(await endpoint.innerText()).toContain("dm.received");
      await endpoint.getByRole("button", { name: "Send test event" }).click();
      const delivery = endpoint.getByTestId("webhook-delivery").first();
      await expect
        .poll(async () => ((await delivery.count()) > 0 ? delivery.innerText() : ""), {
          timeout: 30_000,
          interval: 500,
        })
        .toMatch(/ping[\s\S]*Succeeded[\s\S]*200/);
      // The card's "last delivery" follows.
      await expect
        .poll(() => endpoint.innerText(), { timeout: 10_000 })
        .toMatch(/Last delivery:\s*Succeeded\s*200/);
      await shot(page, `webhooks-log-${width}`);

      // The receiver got the ping, signed with the secret the page showed once.
      const ping = received.find((request) => request.body.includes('"type":"ping"'));
      expect(ping).toBeDefined();
      received.length = 0;
      const timestamp = ping!.headers["sightline-timestamp"] as string;
      expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
      const expected = `v1=${createHmac("sha256", secret).update(`${timestamp}.${ping!.body}`).digest("hex")}`;
      expect(ping!.headers["sightline-signature"]).toBe(expected);
      // The secret is never shown again.
      expect(await page.content()).not.toContain(secret);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
