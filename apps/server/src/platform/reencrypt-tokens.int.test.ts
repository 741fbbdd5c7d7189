import { randomBytes } from "node:crypto";
import { findInstagramConnection } from "@sightline/db";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/create-test-app.ts";
import { createVerifiedUser } from "../testing/factories.ts";
import { connectSandboxAccount } from "../testing/instagram.ts";
import { reencryptTokens } from "./reencrypt-tokens.ts";
import { createTokenVault, instagramTokenContext } from "./token-vault.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

it("re-encrypts every stored token under a new key, and the old key is then not needed", async () => {
  const { client } = await createVerifiedUser(testApp);
  const connection = await connectSandboxAccount(testApp, client, {
    username: "northfield.coffee",
    login: "facebook",
  });
  const before = (await findInstagramConnection(testApp.database.db, connection.workspace_id))!;
  const plain = testApp.vault.decrypt(
    before.accessToken,
    instagramTokenContext(connection.workspace_id),
  );
  const newKey = { id: "k2", key: randomBytes(32) };
  // The app's vault knows the old key; a rotated vault knows both, the new one first.
  const rotated = createTokenVault([newKey, ...testApp.encryptionKeys]);
  const result = await reencryptTokens(testApp.database.db, rotated);
  expect(result.reencrypted).toBeGreaterThanOrEqual(2);
  const after = (await findInstagramConnection(testApp.database.db, connection.workspace_id))!;
  expect(after.accessToken.startsWith("v1.k2.")).toBe(true);
  expect(after.facebookUserToken!.startsWith("v1.k2.")).toBe(true);
  const onlyNew = createTokenVault([newKey]);
  expect(onlyNew.decrypt(after.accessToken, instagramTokenContext(connection.workspace_id))).toBe(
    plain,
  );
  expect((await reencryptTokens(testApp.database.db, rotated)).reencrypted).toBe(0);
});
