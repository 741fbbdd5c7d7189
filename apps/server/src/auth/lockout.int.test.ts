import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/create-test-app.ts";
import { createVerifiedUser, mailboxFor, personalWorkspaceId } from "../testing/factories.ts";
import { createHttpClient } from "../testing/http-client.ts";
import { frames } from "../testing/sse.ts";

/** Issue 25: an attacker who knows an address cannot lock its owner out. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

let ipCounter = 0;
function attackerClient() {
  ipCounter += 1;
  return createHttpClient(testApp.app, { ip: `198.51.${ipCounter >> 8}.${ipCounter & 255}` });
}

describe("lockout by a known address", () => {
  it("after the account's failed sign-ins are used up elsewhere, the owner's own browser still signs in", async () => {
    const owner = await createVerifiedUser(testApp);
    // The owner's browser signed in before (the usual case) and signs out.
    const own = createHttpClient(testApp.app, { ip: "203.0.113.7" });
    const first = await own.post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    expect(first.status).toBe(200);
    expect((await own.post("/api/auth/sign-out")).status).toBe(200);

    for (let i = 0; i < 12; i++) {
      const guess = await attackerClient().post("/api/auth/sign-in/email", {
        email: owner.email,
        password: `wrong guess ${i}`,
      });
      expect(guess.status).toBe(i < 10 ? 401 : 429);
    }
    // Even the right password from an attacker's client is refused now...
    const attacker = await attackerClient().post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    expect(attacker.status).toBe(429);
    // ...but the owner, from their own browser, signs in.
    const back = await own.post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    expect(back.status).toBe(200);
  });

  it("five reset requests by others do not stop the owner's own reset e-mail", async () => {
    const owner = await createVerifiedUser(testApp);
    const own = createHttpClient(testApp.app, { ip: "203.0.113.8" });
    expect(
      (
        await own.post("/api/auth/sign-in/email", {
          email: owner.email,
          password: owner.password,
        })
      ).status,
    ).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await attackerClient().post("/api/auth/request-password-reset", {
        email: owner.email,
        redirectTo: "/auth/reset-password",
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const mine = await own.post("/api/auth/request-password-reset", {
      email: owner.email,
      redirectTo: "/auth/reset-password",
    });
    expect(mine.status).toBe(200);
    await testApp.tasks?.drain();
    const resets = (await mailboxFor(own, owner.email)).filter((message) =>
      /reset/i.test(message.subject),
    );
    expect(resets).toHaveLength(6);
  });

  it("a forged known-device cookie counts for nothing", async () => {
    const owner = await createVerifiedUser(testApp);
    for (let i = 0; i < 10; i++) {
      await attackerClient().post("/api/auth/sign-in/email", {
        email: owner.email,
        password: `wrong guess ${i}`,
      });
    }
    const forged = await attackerClient().request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { cookie: "sightline.known_device=AAAAAAAAAAAAAAAAAAAAAA" },
      json: { email: owner.email, password: owner.password },
    });
    expect(forged.status).toBe(429);
  });
});

describe("the live stream and sign-out", () => {
  it("ends an open /api/realtime stream when its session signs out", async () => {
    const { client, email } = await createVerifiedUser(testApp);
    // The stream carries the events of the workspace it opened: the user's personal one.
    const workspaceId = await personalWorkspaceId(testApp, email);
    const stream = await client.get("/api/realtime");
    expect(stream.status).toBe(200);
    const events = frames(stream);
    await testApp.events.publish(workspaceId, "notifications:updated");
    expect((await events.next(5_000)).event).toBe("notifications:updated");
    expect((await client.post("/api/session/sign-out", { scope: "global" })).status).toBe(200);
    await testApp.events.publish(workspaceId, "notifications:updated");
    await expect(events.next(5_000)).rejects.toThrow("stream ended");
  });
});
