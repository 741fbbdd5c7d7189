import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/*
 * AUTH_PASSWORD_COST=test (refused by env.ts unless NODE_ENV=test): Better Auth's scrypt and its
 * stored format (`salt:key`, 64-byte key), at 1/32 of its work (N 1024, r 8 against N 16384,
 * r 16). One production hash costs ~115 ms of CPU here, and the test suites sign up and sign in
 * several hundred times per run on two cores (issue 27). Production never takes this path:
 * auth-hardening.int.test.ts checks a production hash with Better Auth's own verify.
 */
const cost = { N: 1024, r: 8, p: 1 };

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, 64, cost, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashTestPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${(await derive(password, salt)).toString("hex")}`;
}

export async function verifyTestPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [salt, key] = hash.split(":");
  if (!salt || !key) return false;
  const expected = Buffer.from(key, "hex");
  const actual = await derive(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
