import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setPlan } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { connectedPage } from "./support/composer.ts";

/** Set DEVELOPERS_SCREENSHOT_DIR=/some/dir to keep screenshots at 1440 and 390 px. */
const shots = process.env.DEVELOPERS_SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

describe.skipIf(!hasChromium())(
  "Settings → Developers: personal access tokens and the MCP connection (issue 35)",
  () => {
    const live = useServerAndBrowser({ timeoutMs: 170_000, template: "connected", accounts: 4 });

    for (const width of [1440, 390]) {
      it(`at ${width} px: locked on Free; on Pro a token is made, shown once, used, revoked`, async () => {
        const url = live.server.url;
        const { page, context, errors } = await connectedPage(live.browser, url, width);
        // The tokens' block of the Developers card (webhook endpoints are the card's other block).
        const section = page.locator("#developers").getByTestId("access-tokens-section");

        // Free: the section is there with the plan's lock in place of the form.
        await page.goto(`${url}/settings#developers`);
        await section.getByTestId("locked-feature").waitFor();
        expect(await section.getByTestId("locked-feature").innerText()).toContain(
          "The Pro plan includes the public API",
        );

        await setPlan(page, "pro");
        await section.getByRole("button", { name: "Create token" }).waitFor();
        await section.getByLabel("Name").fill(`Reporting ${width}`);
        await section.getByRole("checkbox", { name: /posts:read/ }).check();
        await section.getByLabel("Expires").selectOption("90");
        await section.getByRole("button", { name: "Create token" }).click();

        // Shown once, with the warning and a Copy button.
        const shown = section.getByTestId("new-access-token");
        await shown.waitFor();
        expect(await shown.innerText()).toContain("This is the only time the token is shown.");
        const token = await shown.getByRole("textbox").inputValue();
        expect(token).toMatch(/^slpat_[A-Za-z0-9_-]{43}$/);
        await shown.getByRole("button", { name: "Copy" }).waitFor();
        const row = section.getByTestId("access-token").filter({ hasText: `Reporting ${width}` });
        await row.waitFor();
        expect(await row.innerText()).toContain(token.slice(0, 14));
        await shot(page, `developers-created-${width}`);

        // The token works from outside the browser: no cookie, just the token.
        const call = () =>
          fetch(`${url}/api/v1/accounts`, { headers: { authorization: `Bearer ${token}` } });
        const used = await call();
        expect(used.status).toBe(200);
        const { data } = (await used.json()) as { data: Array<{ username: string }> };
        expect(data.map((account) => account.username)).toEqual(["lena.makes"]);

        // Gone from the page once dismissed; the list keeps only its prefix.
        await shown.getByRole("button", { name: "I have copied it" }).click();
        await shown.waitFor({ state: "detached" });
        expect(await page.content()).not.toContain(token.slice(14));

        // Revoke, confirmed: the token answers 401.
        await row.getByRole("button", { name: "Revoke" }).click();
        const dialog = page.getByRole("dialog");
        await dialog.getByText(`Revoke Reporting ${width}?`).waitFor();
        await shot(page, `developers-revoke-${width}`);
        await dialog.getByRole("button", { name: "Revoke" }).click();
        await dialog.waitFor({ state: "detached" });
        await expect.poll(() => row.innerText()).toContain("Revoked");
        expect((await call()).status).toBe(401);
        await shot(page, `developers-revoked-${width}`);

        expect(errors).toEqual([]);
        await context.close();
      }, 120_000);
    }

    for (const width of [1440, 390]) {
      it(`at ${width} px: "Connect an AI assistant" gives the server URL and each assistant's configuration, copied with feedback, and they work`, async () => {
        const url = live.server.url;
        const { page, context, errors } = await connectedPage(live.browser, url, width);
        await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: url });
        const developers = page.locator("#developers");
        const section = developers.getByTestId("mcp-connection");
        await page.goto(`${url}/settings#developers`);
        await setPlan(page, "pro");
        await section.waitFor();
        expect(await section.getByRole("heading").innerText()).toBe("Connect an AI assistant");
        expect(await section.getByRole("textbox", { name: "Server URL" }).inputValue()).toBe(
          `${url}/mcp`,
        );

        // Each assistant's configuration names the URL and the token's placeholder.
        const snippet = section.getByTestId("mcp-snippet");
        const expected: Record<string, string[]> = {
          "Claude Code": [
            `claude mcp add --transport http sightline ${url}/mcp`,
            "Bearer YOUR_TOKEN",
          ],
          "Claude Desktop": ['"mcp-remote"', `"${url}/mcp"`, '"AUTH_HEADER": "Bearer YOUR_TOKEN"'],
          Cursor: ['"mcpServers"', `"url": "${url}/mcp"`, '"Authorization": "Bearer YOUR_TOKEN"'],
          "VS Code": ['"type": "http"', `"url": "${url}/mcp"`, '"password": true'],
        };
        for (const [assistant, parts] of Object.entries(expected)) {
          const option = section.getByRole("button", { name: assistant, exact: true });
          await option.click();
          // The press re-renders the block: read it once it has (a busy machine takes a moment).
          await expect.poll(() => option.getAttribute("aria-pressed")).toBe("true");
          for (const part of parts)
            await expect
              .poll(async () => [assistant, await snippet.innerText()])
              .toEqual([assistant, expect.stringContaining(part)]);
        }

        // Copy: the configuration reaches the clipboard and the button says so.
        await section.getByRole("button", { name: "Cursor", exact: true }).click();
        const copy = section.getByRole("button", { name: "Copy the configuration" });
        await copy.click();
        await section.getByRole("button", { name: "Copied" }).waitFor();
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        const config = JSON.parse(copied) as {
          mcpServers: { sightline: { url: string; headers: { Authorization: string } } };
        };
        expect(config.mcpServers.sightline.url).toBe(`${url}/mcp`);
        await shot(page, `developers-mcp-${width}`);
        if (shots) await section.screenshot({ path: `${shots}/developers-mcp-block-${width}.png` });
        await section.getByRole("button", { name: "Copy the configuration" }).waitFor();

        // With a token made above in place of the placeholder, the configuration connects.
        const tokens = developers.getByTestId("access-tokens-section");
        await tokens.getByLabel("Name").fill(`Assistant ${width}`);
        await tokens.getByRole("button", { name: "Create token" }).click();
        const token = await tokens
          .getByTestId("new-access-token")
          .getByRole("textbox")
          .inputValue();
        const authorization = config.mcpServers.sightline.headers.Authorization.replace(
          "YOUR_TOKEN",
          token,
        );
        const initialize = await fetch(config.mcpServers.sightline.url, {
          method: "POST",
          headers: {
            authorization,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: {
              protocolVersion: "2025-06-18",
              capabilities: {},
              clientInfo: { name: "e2e", version: "1" },
            },
          }),
        });
        expect(initialize.status).toBe(200);
        expect(await initialize.json()).toMatchObject({
          result: { serverInfo: { name: "sightline" } },
        });
        const listed = await fetch(config.mcpServers.sightline.url, {
          method: "POST",
          headers: {
            authorization,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "mcp-protocol-version": "2025-06-18",
          },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 2,
            method: "tools/call",
            params: { name: "list_accounts", arguments: {} },
          }),
        });
        const answer = (await listed.json()) as {
          result: { structuredContent: { accounts: Array<{ username: string }> } };
        };
        expect(answer.result.structuredContent.accounts.map((account) => account.username)).toEqual(
          ["lena.makes"],
        );

        expect(errors).toEqual([]);
        await context.close();
      }, 120_000);
    }
  },
);
