import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGraphClient, sandboxBaseUrls } from "@sightline/instagram-graph";
import { afterEach, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox.ts";

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

function boot(stateFile: string, now: () => Date) {
  const sandbox = createSandbox({
    publicOrigin: "http://sandbox.test",
    appId: "1",
    instagramAppId: "2",
    appSecret: "s",
    instagramAppSecret: "i",
    stateFile,
    clock: now,
    tickIntervalMs: false,
  });
  const graph = createGraphClient({
    baseUrls: sandboxBaseUrls("http://sandbox.test"),
    appId: "1",
    appSecret: "s",
    instagramAppSecret: "i",
    redirectUri: "https://app.test/cb",
    version: "v23.0",
    fetch: async (input, init) => sandbox.app.fetch(new Request(input, init)),
  });
  return { sandbox, graph };
}

describe("state file", () => {
  it("keeps published posts, replies and tokens across a restart, even on a later day", async () => {
    const directory = mkdtempSync(join(tmpdir(), "ig-sandbox-"));
    directories.push(directory);
    const stateFile = join(directory, "state.json");
    let now = new Date("2025-06-15T10:00:00Z");
    const first = boot(stateFile, () => now);
    const [lena] = first.sandbox.accounts();
    const token = first.sandbox.issueToken({ username: "lena.makes", login: "instagram" });
    const account = first.graph.account({
      login: "instagram",
      accessToken: token,
      igUserId: lena!.igUserId,
    });
    const container = await account.createContainer({
      kind: "image",
      imageUrl: "http://sandbox.test/sandbox/cdn/samples/image.jpg?w=1080&h=1080",
      caption: "Survives restarts",
    });
    now = new Date(now.getTime() + 5_000);
    const published = await account.publish(container.id);
    const [comment] = (
      await account.listComments((await account.listMedia({ limit: 2 })).data[1]!.id, { limit: 1 })
    ).data;
    const reply = await account.replyToComment(comment!.id, "Persisted reply");
    await first.sandbox.close();
    expect(JSON.parse(readFileSync(stateFile, "utf8")).media).toHaveLength(1);

    // Two days later the world is still anchored to the first day, so ids and data line up.
    now = new Date("2025-06-17T09:00:00Z");
    const second = boot(stateFile, () => now);
    const again = second.graph.account({
      login: "instagram",
      accessToken: token,
      igUserId: lena!.igUserId,
    });
    expect((await again.listMedia({ limit: 1 })).data[0]).toMatchObject({
      id: published.id,
      caption: "Survives restarts",
    });
    expect((await again.getComment(reply.id)).text).toBe("Persisted reply");
    expect((await again.getContainerStatus(container.id)).statusCode).toBe("PUBLISHED");
    await second.sandbox.close();
  });
});
