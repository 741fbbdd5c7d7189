import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

export type EncryptionKey = { id: string; key: Buffer };

const keyIdPattern = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * `ENCRYPTION_KEYS`: `kid:base64key,kid:base64key`, each key 32 bytes; the first encrypts, every
 * one decrypts (so old ciphertexts stay readable while they are re-encrypted under the new key).
 */
export function parseEncryptionKeys(value: string): EncryptionKey[] {
  const keys = value.split(",").map((entry) => {
    const [id, encoded, ...rest] = entry.trim().split(":");
    if (!id || !encoded || rest.length > 0 || !keyIdPattern.test(id)) {
      throw new Error("each entry must be kid:base64key (kid: letters, digits, _ or -)");
    }
    const key = Buffer.from(encoded, "base64");
    if (key.length !== 32)
      throw new Error(`key ${id} must be 32 bytes (base64 of 32 random bytes)`);
    return { id, key };
  });
  if (new Set(keys.map((key) => key.id)).size !== keys.length)
    throw new Error("key ids must differ");
  return keys;
}

const keyFileSchema = z.object({ keys: z.array(z.string()).min(1) });

/**
 * The embedded default: keys generated once into DATA_DIR/encryption-keys.json (mode 0600),
 * so tokens stay readable across restarts. With DATABASE_URL, ENCRYPTION_KEYS is required (env.ts).
 */
export function loadOrCreateEncryptionKeys(dataDir: string): EncryptionKey[] {
  const file = path.join(dataDir, "encryption-keys.json");
  if (existsSync(file)) {
    const parsed = keyFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) throw new Error(`${file} is damaged`);
    return parseEncryptionKeys(parsed.data.keys.join(","));
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const entry = `k${Date.now().toString(36)}:${randomBytes(32).toString("base64")}`;
  writeFileSync(file, `${JSON.stringify({ keys: [entry] }, null, 2)}\n`, {
    mode: 0o600,
    flag: "wx",
  });
  return parseEncryptionKeys(entry);
}

export interface TokenVault {
  /** AES-256-GCM under the current key; `context` (e.g. the row's user id) is bound as AAD. */
  encrypt(plaintext: string, context: string): string;
  /** Throws when the ciphertext was changed, the context differs or the key is unknown. */
  decrypt(sealed: string, context: string): string;
  /** True when the ciphertext was made with an older key (re-encrypt it). */
  isStale(sealed: string): boolean;
}

/** Tokens at rest: `v1.<key id>.<12-byte nonce>.<ciphertext + 16-byte tag>`, base64url parts. */
export function createTokenVault(keys: readonly EncryptionKey[]): TokenVault {
  const [current] = keys;
  if (!current) throw new Error("at least one encryption key is needed");
  const byId = new Map(keys.map((key) => [key.id, key.key]));
  return {
    encrypt(plaintext, context) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current.key, nonce);
      cipher.setAAD(Buffer.from(`${current.id}|${context}`));
      const body = Buffer.concat([
        cipher.update(plaintext, "utf8"),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return ["v1", current.id, nonce.toString("base64url"), body.toString("base64url")].join(".");
    },
    decrypt(sealed, context) {
      const [version, keyId, nonceText, bodyText, ...rest] = sealed.split(".");
      const key = keyId ? byId.get(keyId) : undefined;
      if (version !== "v1" || !key || !nonceText || !bodyText || rest.length > 0) {
        throw new Error("not a token sealed with a known key");
      }
      const nonce = Buffer.from(nonceText, "base64url");
      const body = Buffer.from(bodyText, "base64url");
      if (nonce.length !== 12 || body.length < 16) throw new Error("malformed sealed token");
      const decipher = createDecipheriv("aes-256-gcm", key, nonce);
      decipher.setAAD(Buffer.from(`${keyId}|${context}`));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([
        decipher.update(body.subarray(0, body.length - 16)),
        decipher.final(),
      ]).toString("utf8");
    },
    isStale(sealed) {
      return sealed.split(".")[1] !== current.id;
    },
  };
}

/**
 * The vault binds each Instagram token to its owner, the workspace (before decision 026, the
 * user): a ciphertext copied to another workspace's row fails.
 */
export function instagramTokenContext(ownerId: string): string {
  return `instagram-token:${ownerId}`;
}

/**
 * Opens a connection's sealed token. Tokens sealed before workspaces (migration 0019) are bound
 * to the user who connected; they still open, and are sealed to the workspace at the next
 * refresh, reconnect or `npm run tokens:reencrypt`.
 */
export function openInstagramToken(
  vault: TokenVault,
  row: { workspaceId: string; connectedByUserId: string | null },
  sealed: string,
): string {
  try {
    return vault.decrypt(sealed, instagramTokenContext(row.workspaceId));
  } catch (error) {
    if (!row.connectedByUserId) throw error;
    return vault.decrypt(sealed, instagramTokenContext(row.connectedByUserId));
  }
}
