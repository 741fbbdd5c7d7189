import { randomUUID } from "node:crypto";
import type { PlanId } from "@sightline/contracts";
import { setWorkspacePlan } from "@sightline/db";
import { expect } from "vitest";
import type { TestApp } from "./create-test-app.ts";
import { createHttpClient, type HttpClient } from "./http-client.ts";

export const TEST_PASSWORD = "correct horse 42";

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sent_at: string;
}

export async function mailboxFor(client: HttpClient, to: string): Promise<MailboxMessage[]> {
  const response = await client.get("/api/dev/mailbox");
  expect(response.status).toBe(200);
  const { messages } = (await response.json()) as { messages: MailboxMessage[] };
  return messages.filter((message) => message.to === to);
}

/** The path (and query) of the newest link in the newest message to `to` matching `pattern`. */
export async function latestLink(client: HttpClient, to: string, pattern: RegExp) {
  const [message] = await mailboxFor(client, to);
  const link = message?.links.find((candidate) => pattern.test(candidate));
  if (!link) throw new Error(`no link matching ${pattern} in the mailbox of ${to}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Signs a new user up through the API, opens the e-mailed link, and returns a signed-in client. */
export async function createVerifiedUser(
  testApp: TestApp,
  options: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    /** The app's PUBLIC_URL origin, when the test set another one. */
    origin?: string;
  } = {},
) {
  const client = createHttpClient(testApp.app, options.origin ? { origin: options.origin } : {});
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? TEST_PASSWORD;
  const signUp = await client.post("/api/auth/sign-up/email", {
    email,
    password,
    name: "ignored",
    firstName: options.firstName ?? "Ada",
    lastName: options.lastName ?? "Lovelace",
    callbackURL: "/auth/callback",
  });
  expect(signUp.status).toBe(200);
  const verify = await client.get(await latestLink(client, email, /verify-email/));
  expect(verify.status).toBe(302);
  return { client, email, password };
}

/**
 * The id of the personal workspace a user got at sign-up (decision 026): the scope of their
 * Instagram connection and everything synced or made for it.
 */
export async function personalWorkspaceId(testApp: TestApp, email: string): Promise<string> {
  const result = (await testApp.database.db.execute(
    `select w.id from workspaces w join "user" u on u.id = w.personal_owner_id
     where u.email = '${email.replaceAll("'", "''")}'`,
  )) as unknown as { rows: Array<{ id: string }> };
  const id = result.rows[0]?.id;
  if (!id) throw new Error(`no personal workspace for ${email}`);
  return id;
}

/** Puts the user's personal workspace on `plan` (what `npm run plan -- set` does, unaudited). */
export async function setPersonalPlan(testApp: TestApp, email: string, plan: PlanId) {
  const id = await personalWorkspaceId(testApp, email);
  await setWorkspacePlan(testApp.database.db, id, plan, null, new Date());
  return id;
}
