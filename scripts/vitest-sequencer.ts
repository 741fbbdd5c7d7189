import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order (groups, then projects, then longest or largest first), except that within a
 * project the files known to be slowest go first. On a clean clone vitest has no durations and
 * orders by file size, which started composer-files.e2e.ts (the longest browser-test file) third
 * and left it running alone at the end; with two at once the longest must start first (issue 27,
 * decision 020).
 */
const slowestFirst = [
  "e2e/composer-files.e2e.ts",
  "e2e/composer.e2e.ts",
  "e2e/composer-a11y.e2e.ts",
  "e2e/app-pages-a11y.e2e.ts",
];

const rank = (file: TestSpecification) => {
  const index = slowestFirst.findIndex((suffix) => file.moduleId.endsWith(suffix));
  return index === -1 ? slowestFirst.length : index;
};

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const blockOf = new Map<string, number>();
    const keyed = sorted.map((file, index) => {
      const key = `${file.project.config.sequence.groupOrder}:${file.project.name}`;
      if (!blockOf.has(key)) blockOf.set(key, index);
      return { file, index, block: blockOf.get(key) ?? index, rank: rank(file) };
    });
    keyed.sort((a, b) => a.block - b.block || a.rank - b.rank || a.index - b.index);
    return keyed.map(({ file }) => file);
  }
}
