import { createHash } from "node:crypto";

/** SHA-256 as hex: how a secret handed out once (a token, an OAuth state) is kept. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
