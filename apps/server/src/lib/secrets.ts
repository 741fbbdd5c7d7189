import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const secretsFileSchema = z.object({
  authSecret: z.string().min(32),
});

export interface Secrets {
  authSecret: string;
}

/**
 * AUTH_SECRET from the environment, or — in the embedded default — secrets generated once
 * into DATA_DIR/secrets.json with mode 0600, so sessions survive restarts.
 */
export function loadSecrets(env: { authSecret?: string | undefined; dataDir: string }): Secrets {
  if (env.authSecret) return { authSecret: env.authSecret };
  const file = path.join(env.dataDir, "secrets.json");
  if (existsSync(file)) {
    const parsed = secretsFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) throw new Error(`${file} is damaged; delete it to generate new secrets`);
    return parsed.data;
  }
  mkdirSync(env.dataDir, { recursive: true, mode: 0o700 });
  const secrets: Secrets = { authSecret: randomBytes(32).toString("hex") };
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return secrets;
}
