import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * WCAG 2.1 A and AA problems axe finds on the page (or inside `include`, a CSS selector), as
 * "rule: target" lines.
 *
 * In axe's legacy mode: one `axe.run` in the page. The default runs axe in every frame and then
 * opens a blank page in the context to put the frames' results together, with axe injected
 * there once more; our pages have no frames of another origin, so the results are the same and
 * each check took ~40 % less time (decision 020, sixteenth round). Only violations are collected
 * in full (`resultTypes`): axe still runs every rule on every node, but keeps one node per rule
 * of the passes and the rest, which it otherwise gathers and sends back for every node; the
 * violations are the same and each check took ~30 % less time (decision 020, twenty-fifth round).
 */
export async function axeProblems(page: Page, include?: string): Promise<string[]> {
  // options() replaces what withTags() set: it comes first.
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true);
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`),
  );
}
