import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AiLockedRole, AiRoleReport } from "@sightline/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPlan } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { connectedPage, waitForFirstSync } from "./support/composer.ts";
import { closeWithEscape } from "./support/dialogs.ts";

const SCREENSHOT_DIR = process.env.AI_TEAM_SCREENSHOT_DIR;

async function screenshot(page: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

type Team = { connected: boolean; roles: Array<AiRoleReport | AiLockedRole> };

describe.skipIf(!hasChromium())("the AI team on the dashboard (issue 31)", () => {
  const live = useServerAndBrowser({ timeoutMs: 170_000, template: "connected", accounts: 2 });

  it("shows each role's headline and opens its facts, as the API computed them", async () => {
    const { page, context, errors } = await connectedPage(live.browser, live.server.url, 1440);
    await setPlan(page, "premium", { reload: false });
    await waitForFirstSync(page);
    await page.goto(`${live.server.url}/dashboard`);
    const analystCard = page.getByTestId("ai-role-analyst");
    await analystCard.waitFor();
    const team = await page.evaluate(
      async () => (await (await fetch("/api/ai-team")).json()) as Team,
    );
    const analyst = team.roles.find((role) => role.role === "analyst") as AiRoleReport;
    await expect(analystCard.textContent()).resolves.toContain(analyst.wording.headline);
    await expect(analystCard.textContent()).resolves.toContain(
      "Written by Sightline's built-in engine",
    );
    await screenshot(page, "dashboard-1440");

    await analystCard.click();
    const panel = page.getByTestId("ai-role-panel");
    await panel.getByRole("heading", { name: /The facts/ }).waitFor();
    await expect(panel.locator("[data-fact]").count()).resolves.toBe(analyst.facts.length);
    const reach = analyst.facts.find((fact) => fact.id === "kpi.reach")!;
    await panel.locator(`[data-fact="kpi.reach"]`).getByText(reach.statement).waitFor();
    // No model ran: nothing was sent anywhere.
    await expect(panel.getByText("What was sent").count()).resolves.toBe(0);
    await screenshot(page, "analyst-panel-1440");
    await closeWithEscape(page, panel);

    await page.getByTestId("ai-role-mentor").click();
    await panel.getByRole("heading", { name: /The facts/ }).waitFor();
    await panel.locator(`[data-fact="formats.medians"]`).waitFor();
    await screenshot(page, "mentor-panel-1440");
    await closeWithEscape(page, panel);

    // The Manager's week, and the Secretary's queue with a reply sent through the inbox.
    await expect(page.getByTestId("ai-role-manager").textContent()).resolves.toContain(
      "This week:",
    );
    await page.getByTestId("ai-role-secretary").click();
    await panel.getByRole("heading", { name: /The facts/ }).waitFor();
    const secretary = team.roles.find((role) => role.role === "secretary") as AiRoleReport;
    const comment = secretary.facts.find(
      (fact) =>
        fact.action?.kind === "reply" && fact.action.channel === "comment" && fact.action.canSend,
    );
    expect(comment, "a comment waits with a reply that can be sent").toBeDefined();
    const item = panel.locator(`[data-fact="${comment!.id}"]`);
    await item.getByLabel("Suggested reply").fill("Thank you so much! 🧡");
    await item.getByRole("button", { name: "Send" }).click();
    await item.getByText("Sent as a reply to the comment.").waitFor();
    await screenshot(page, "secretary-panel-1440");
    await closeWithEscape(page, panel);

    // The Creator's "Use this" opens the composer pre-filled ('Pre-filled from: Creator: …').
    const creator = team.roles.find((role) => role.role === "creator") as AiRoleReport;
    const idea = creator.facts.find((fact) => fact.kind === "idea")!;
    const ideaAction = idea.action as { caption: string; hashtags: string[] };
    await page.getByTestId("ai-role-creator").click();
    await panel.locator(`[data-fact="${idea.id}"]`).getByRole("link", { name: "Use this" }).click();
    const composer = page.getByRole("dialog", { name: "Create Instagram Post" });
    await composer.getByText(`Pre-filled from: Creator: ${idea.title}`).waitFor();
    await expect(composer.getByLabel("Caption").inputValue()).resolves.toBe(ideaAction.caption);
    await screenshot(page, "composer-from-creator-1440");
    await composer.getByRole("button", { name: "Cancel" }).click();

    // An empty composer offers the Creator's ideas; "Use this" fills the caption.
    await page.getByRole("button", { name: "New", exact: true }).click();
    await composer.getByRole("heading", { name: "Ideas from your Creator" }).waitFor();
    await composer.getByRole("button", { name: "Use this" }).first().click();
    await expect(composer.getByLabel("Caption").inputValue()).resolves.not.toBe("");
    await composer.getByRole("button", { name: "Cancel" }).click();

    // The inbox shows the Secretary's ranking; an item opens its conversation.
    await page.goto(`${live.server.url}/messages`);
    await page.getByRole("button", { name: /^Secretary: \d+ waiting$/ }).click();
    const queue = page.getByTestId("secretary-queue");
    await queue.getByRole("heading", { name: "Answer first" }).waitFor();
    await queue.getByRole("link", { name: "Open the conversation" }).first().click();
    await page.waitForURL(/[?&]open=(dm|comments)%3A/);
    await screenshot(page, "messages-secretary-1440");
    await page.goto(`${live.server.url}/dashboard`);
    await page.getByTestId("ai-role-analyst").waitFor();

    // No model on this server: Ask Sightline says how to configure one.
    await page.getByRole("button", { name: "Ask Sightline" }).click();
    await page.getByTestId("ask-sightline").getByText("Ask Sightline needs an AI model").waitFor();
    await closeWithEscape(page, page.getByTestId("ask-sightline"));

    // Free has the Analyst only: the Mentor is locked, and its panel offers the upgrade.
    await setPlan(page, "free");
    const mentor = page.getByTestId("ai-role-mentor");
    await mentor.getByLabel("Not on your plan").waitFor();
    await mentor.click();
    await panel.getByRole("button", { name: "Upgrade" }).click();
    await page.getByRole("dialog", { name: "Upgrade your plan" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it("fits a phone", async () => {
    const { page, context, errors } = await connectedPage(live.browser, live.server.url, 390);
    await setPlan(page, "premium", { reload: false });
    await waitForFirstSync(page);
    await page.goto(`${live.server.url}/dashboard`);
    await page.getByTestId("ai-role-analyst").waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(page, "dashboard-390");
    await page.getByTestId("ai-role-analyst").click();
    await page
      .getByTestId("ai-role-panel")
      .getByRole("heading", { name: /The facts/ })
      .waitFor();
    await screenshot(page, "analyst-panel-390");
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});

/**
 * A stand-in for a self-hosted model (an OpenAI-compatible server, as Ollama speaks): it words
 * a role by restating the first facts it is sent, and answers Ask Sightline by calling the
 * period KPIs tool, then restating the reach it returned.
 */
function startStubModel(): Promise<{ server: Server; port: number }> {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
      messages: Array<{ role: string; content: string | null }>;
      tools?: unknown[];
    };
    const answer = (message: Record<string, unknown>, finish = "stop") =>
      response.end(
        JSON.stringify({
          id: "stub",
          object: "chat.completion",
          created: 1,
          model: "stub-writer",
          choices: [
            { index: 0, message: { role: "assistant", ...message }, finish_reason: finish },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    response.setHeader("content-type", "application/json");
    if (body.tools) {
      const result = body.messages.find((message) => message.role === "tool");
      if (!result) {
        return answer(
          {
            content: null,
            tool_calls: [
              {
                id: "call_1",
                type: "function",
                function: { name: "periodKpis", arguments: JSON.stringify({ days: "28" }) },
              },
            ],
          },
          "tool_calls",
        );
      }
      const kpis = JSON.parse(result.content!) as { kpis: { reach: { value: number } } };
      return answer({
        content: `Over the last 28 days you reached ${kpis.kpis.reach.value.toLocaleString("en-US")} accounts.`,
      });
    }
    const user = body.messages.find((message) => message.role === "user")?.content ?? "";
    if (!user.startsWith("The facts:")) {
      // The Secretary's classification: every item keeps its kind.
      return answer({ content: JSON.stringify({ items: [] }) });
    }
    const facts = JSON.parse(user.slice(user.indexOf("{"))) as {
      facts: Array<{ statement: string }>;
    };
    const [first, second] = facts.facts;
    return answer({
      content: JSON.stringify({
        headline: first?.statement ?? "Nothing to report.",
        paragraphs: [second?.statement ?? first?.statement ?? "Nothing to report."],
      }),
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, port: (server.address() as AddressInfo).port }),
    ),
  );
}

describe.skipIf(!hasChromium())("the AI team with a model configured (issue 31)", () => {
  const env: Record<string, string> = {
    AI_PROVIDER: "openai-compatible",
    AI_MODEL: "stub-writer",
    AI_API_KEY: "local",
  };
  let stub: Server | undefined;
  beforeAll(async () => {
    const started = await startStubModel();
    stub = started.server;
    env.AI_BASE_URL = `http://127.0.0.1:${started.port}/v1`;
  });
  afterAll(() => stub?.close());
  const live = useServerAndBrowser({ timeoutMs: 170_000, template: "connected", env });

  it("shows the model's grounded wording, what was sent, and Ask Sightline's looked-up figures", async () => {
    const { page, context, errors } = await connectedPage(live.browser, live.server.url, 1440);
    await setPlan(page, "premium", { reload: false });
    await waitForFirstSync(page);
    await page.goto(`${live.server.url}/dashboard`);
    const analystCard = page.getByTestId("ai-role-analyst");
    await analystCard.waitFor();
    await expect(analystCard.textContent()).resolves.toContain(
      "Written by openai-compatible: stub-writer",
    );
    await screenshot(page, "model-dashboard-1440");
    await analystCard.click();
    const panel = page.getByTestId("ai-role-panel");
    await panel.getByText("What was sent").click();
    await panel
      .locator("pre")
      .getByText(/"role": "Analyst"/)
      .waitFor();
    await screenshot(page, "model-analyst-panel-1440");
    await closeWithEscape(page, panel);

    await page.getByRole("button", { name: "Ask Sightline" }).click();
    const ask = page.getByTestId("ask-sightline");
    await ask.getByLabel("Your question").fill("How many accounts did I reach this month?");
    await ask.getByRole("button", { name: "Ask", exact: true }).click();
    await ask.getByText(/Over the last 28 days you reached [\d,]+ accounts\./).waitFor();
    await ask.getByText("Looked up: Period KPIs").waitFor();
    const reach = await page.evaluate(async () => {
      const response = await fetch("/api/analytics/overview?days=28");
      return ((await response.json()) as { kpis: { reach: { value: number } } }).kpis.reach.value;
    });
    await ask
      .getByText(`Over the last 28 days you reached ${reach.toLocaleString("en-US")} accounts.`)
      .waitFor();
    await screenshot(page, "model-ask-1440");
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
