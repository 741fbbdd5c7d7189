import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createTokenVault,
  loadOrCreateEncryptionKeys,
  parseEncryptionKeys,
} from "./token-vault.ts";

const key = (id: string) => `${id}:${randomBytes(32).toString("base64")}`;
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("token vault", () => {
  it("round-trips a token, with a fresh nonce each time, and never holds the plaintext", () => {
    const vault = createTokenVault(parseEncryptionKeys(key("k1")));
    const token = "IGAAexampleLongLivedToken1234567890";
    const first = vault.encrypt(token, "user-1");
    const second = vault.encrypt(token, "user-1");
    expect(first).not.toBe(second);
    expect(first).not.toContain(token);
    expect(first).toMatch(/^v1\.k1\.[\w-]{16}\.[\w-]+$/);
    expect(vault.decrypt(first, "user-1")).toBe(token);
  });

  it("refuses a changed ciphertext, another row's context and an unknown key", () => {
    const vault = createTokenVault(parseEncryptionKeys(key("k1")));
    const sealed = vault.encrypt("secret-token", "user-1");
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    const tampered = [...parts.slice(0, 3), body.toString("base64url")].join(".");
    expect(() => vault.decrypt(tampered, "user-1")).toThrow();
    expect(() => vault.decrypt(sealed, "user-2")).toThrow();
    expect(() =>
      createTokenVault(parseEncryptionKeys(key("k9"))).decrypt(sealed, "user-1"),
    ).toThrow(/known key/);
  });

  it("reads old ciphertexts after rotation and says which need re-encrypting", () => {
    const oldKey = key("old");
    const before = createTokenVault(parseEncryptionKeys(oldKey));
    const sealed = before.encrypt("token-a", "user-1");
    const after = createTokenVault(parseEncryptionKeys(`${key("new")},${oldKey}`));
    expect(after.decrypt(sealed, "user-1")).toBe("token-a");
    expect(after.isStale(sealed)).toBe(true);
    const resealed = after.encrypt(after.decrypt(sealed, "user-1"), "user-1");
    expect(after.isStale(resealed)).toBe(false);
  });

  it("validates ENCRYPTION_KEYS and generates a key file with mode 0600 once", () => {
    expect(() => parseEncryptionKeys("k1:short")).toThrow(/32 bytes/);
    expect(() => parseEncryptionKeys(`${key("a")},${key("a")}`)).toThrow(/differ/);
    expect(() => parseEncryptionKeys("no-separator")).toThrow(/kid:base64key/);
    dir = mkdtempSync(path.join(tmpdir(), "vault-"));
    const first = loadOrCreateEncryptionKeys(dir);
    const file = path.join(dir, "encryption-keys.json");
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadOrCreateEncryptionKeys(dir)).toEqual(first);
    expect(JSON.parse(readFileSync(file, "utf8")).keys).toHaveLength(1);
  });
});
