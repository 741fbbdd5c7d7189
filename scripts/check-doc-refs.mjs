// Checks that every "§" section the code cites exists in the document it means (docs/README.md,
// "Section references", describes the convention). Run by `npm run lint`; exits 1 on a miss.
//
// Which document a "§N" means: the document named nearest before it on the same line
// ("spec §5", "the spec's texts (§8)", "Graph API contract §7.2", "stack notes §2"); with none
// named, the Graph API reference inside apps/instagram-sandbox and packages/instagram-graph
// (both are written against it), and an error anywhere else. "house rule N" is checked too.
// Checked: the code folders, README.md, docs/benchmarks.md and the decision records (not the
// copied documents, whose "§" point inside themselves, nor docs/README.md, which shows examples).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const documents = {
  spec: { file: "docs/product-spec.md", label: "product spec" },
  graph: { file: "docs/reference/instagram-graph-api.md", label: "Graph API reference" },
  stack: { file: "docs/reference/stack-notes.md", label: "stack notes" },
  houseRules: { file: "docs/design/house-rules.md", label: "house rules" },
  architecture: { file: "docs/architecture.md", label: "architecture" },
  product: { file: "docs/design/product.md", label: "product design" },
};

/** Words that name a document; the match nearest before a "§" decides. */
const documentNames = [
  [/\bproduct-spec\.md\b|\bspec\b|\bspecification\b/gi, "spec"],
  [/\binstagram-graph-api\.md\b|\bcontract\b|\breference\b/gi, "graph"],
  [/\bstack[ -]notes\b/gi, "stack"],
  [/\bhouse[ -]rules?\b/gi, "houseRules"],
  [/\barchitecture(?:\.md)?\b/gi, "architecture"],
  [/\bproduct\.md\b|\bproduct design\b/gi, "product"],
];

/** Folders whose bare "§N" means the Graph API reference. */
const graphFolders = ["apps/instagram-sandbox/", "packages/instagram-graph/"];

/**
 * The section numbers a document has: numbered headings ("## 3.", "### 3.2") and, inside a
 * numbered section, its numbered list items ("12." then "4." gives 12.4). A document without
 * numbered headings (the house rules) is numbered by its list items alone.
 */
function sectionsOf(text) {
  const lines = text.split("\n");
  const hasNumberedHeadings = lines.some((line) => /^#{1,6}\s+\d+(?:\.\d+)*[.\s]/.test(line));
  const sections = new Set();
  let current = null;
  let currentLevel = 0;
  let inFence = false;
  for (const line of lines) {
    if (line.startsWith("```")) inFence = !inFence;
    if (inFence) continue;
    const heading = /^(#{1,6})\s+(\d+(?:\.\d+)*)?/.exec(line);
    if (heading) {
      const level = heading[1].length;
      if (heading[2]) {
        sections.add(heading[2]);
        current = heading[2];
        currentLevel = level;
      } else if (level <= currentLevel) {
        current = null;
      }
      continue;
    }
    const item = /^(\d+)\.\s/.exec(line);
    if (!item) continue;
    if (current) sections.add(`${current}.${item[1]}`);
    else if (!hasNumberedHeadings) sections.add(item[1]);
  }
  return sections;
}

const sections = Object.fromEntries(
  Object.entries(documents).map(([key, { file }]) => [key, sectionsOf(readFileSync(file, "utf8"))]),
);

function documentBefore(text) {
  let best = null;
  let bestIndex = -1;
  for (const [pattern, key] of documentNames) {
    for (const match of text.matchAll(pattern)) {
      if (match.index > bestIndex) {
        bestIndex = match.index;
        best = key;
      }
    }
  }
  return best;
}

/** Source and Markdown files under the code folders, skipping installed and built output. */
function listFiles(folder) {
  const skip = new Set(["node_modules", "dist", "build", "coverage", "test-results", "public"]);
  const found = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || skip.has(entry.name)) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...listFiles(full));
    else if (/\.(?:ts|tsx|mts|cts|js|mjs|cjs|md)$/.test(entry.name)) found.push(full);
  }
  return found;
}

const files = ["apps", "packages", "e2e", "scripts"]
  .flatMap(listFiles)
  .map((file) => file.split(path.sep).join("/"))
  .filter((file) => file !== "scripts/check-doc-refs.mjs")
  .concat(
    "README.md",
    "docs/benchmarks.md",
    readdirSync("docs/decisions").map((name) => `docs/decisions/${name}`),
  );

const problems = [];
let checked = 0;
for (const file of files) {
  const text = readFileSync(file, "utf8");
  if (!text.includes("§") && !/house rules? \d/i.test(text)) continue;
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const match of line.matchAll(/§\s?(\d+(?:\.\d+)*)/g)) {
      checked += 1;
      const number = match[1];
      let key = documentBefore(line.slice(0, match.index));
      if (!key && graphFolders.some((folder) => file.startsWith(folder))) key = "graph";
      if (!key) {
        problems.push(
          `${where}: §${number} names no document (write "spec §${number}", "contract §${number}", …)`,
        );
        continue;
      }
      if (!sections[key].has(number)) {
        problems.push(
          `${where}: §${number} is not a section of the ${documents[key].label} (${documents[key].file})`,
        );
      }
    }
    for (const match of line.matchAll(/\bhouse rules? (\d+)\b/gi)) {
      checked += 1;
      if (!sections.houseRules.has(match[1])) {
        problems.push(
          `${where}: house rule ${match[1]} does not exist (${documents.houseRules.file})`,
        );
      }
    }
  });
}

if (problems.length > 0) {
  console.error(`Section references that do not resolve (${problems.length} of ${checked}):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.info(`Section references: ${checked} checked, all resolve.`);
