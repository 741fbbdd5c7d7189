import { createDb } from "@sightline/db";
import { EnvError, readEnv } from "../env.ts";
import { addEmbeddedKey, reencryptTokens } from "../platform/reencrypt-tokens.ts";
import { createTokenVault, loadOrCreateEncryptionKeys } from "../platform/token-vault.ts";

/*
 * `npm run tokens:reencrypt` — re-seals every stored Instagram token under the current key.
 * With ENCRYPTION_KEYS: put the new key first (keep the old ones after it), restart, run this,
 * then drop the old keys; with several instances, first add the new key last on every instance,
 * and only then move it first (docs/operating.md), so none meets a token sealed with a key it lacks. Embedded default: `npm run tokens:reencrypt -- --new-key` adds a key
 * to DATA_DIR/encryption-keys.json first. Stop the server first in the embedded default (one
 * process may open the data folder).
 */
try {
  const env = readEnv();
  const newKey = process.argv.includes("--new-key");
  if (newKey && env.encryptionKeys) {
    console.error(
      "--new-key is for the embedded default; with ENCRYPTION_KEYS put the new key first.",
    );
    process.exit(1);
  }
  if (newKey) console.info(`Added key ${addEmbeddedKey(env.dataDir)}.`);
  const vault = createTokenVault(env.encryptionKeys ?? loadOrCreateEncryptionKeys(env.dataDir));
  const database = env.databaseUrl
    ? await createDb({ databaseUrl: env.databaseUrl })
    : await createDb({ dataDir: env.dataDir });
  try {
    const { checked, reencrypted } = await reencryptTokens(database.db, vault);
    console.info(
      `Checked ${checked} stored tokens; re-encrypted ${reencrypted} under the current key.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
