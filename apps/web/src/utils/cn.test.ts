import { extendTailwindMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { webSources } from "../testing/web-sources.ts";
import { cn, mergeClasses, splitVariants } from "./cn.ts";

/** tailwind-merge as cn used it, without its cache: 600,000 different pairs would only churn it. */
const twMerge = extendTailwindMerge({ cacheSize: 0 });

/** The web app's source files, tests included, as text; not cn's own tables and cases. */
const sources = [
  ...webSources(
    (file) => /\.tsx?$/.test(file) && file !== "utils/cn.ts" && file !== "utils/cn.test.ts",
  ).values(),
];

/** Every word of every string literal in apps/web/src that could be a class name. */
function classesWrittenInTheApp(): string[] {
  const words = new Set<string>();
  for (const source of sources) {
    for (const literal of source.matchAll(
      /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g,
    )) {
      const text = (literal[1] ?? literal[2] ?? literal[3] ?? "").replace(/\$\{[^}]*\}/g, " ");
      for (const word of text.split(/\s+/)) {
        if (/^[!@\-a-z0-9[(*&][^\s"'`<>{}]*[^-\s"'`<>{}]$/.test(word)) words.add(word);
      }
    }
  }
  // The ones either merge takes for a Tailwind class: a class and its copy become one.
  return [...words].filter(
    (word) => twMerge(`${word} ${word}`) === word || mergeClasses(`${word} ${word}`) === word,
  );
}

/** The part of a class before its base: `sm:hover:` of `sm:hover:-mt-2`. */
function variantsOf(className: string): string {
  return splitVariants(className)
    .slice(0, -1)
    .map((variant) => `${variant}:`)
    .join("");
}

describe("cn", () => {
  // 600,000 pairs through both merges: 4-7 s on a slow 2-core machine, over the 5 s default.
  it("merges every pair of classes written in the app as tailwind-merge does", {
    timeout: 60_000,
  }, () => {
    const classes = classesWrittenInTheApp();
    // The app writes over a thousand Tailwind classes: a broken extraction must not pass empty.
    expect(classes.length).toBeGreaterThan(1000);
    const byVariants = new Map<string, string[]>();
    for (const className of classes) {
      const variants = variantsOf(className);
      byVariants.set(variants, [...(byVariants.get(variants) ?? []), className]);
    }
    const differences: string[] = [];
    let pairs = 0;
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          if (first === second) continue;
          pairs++;
          const input = `${first} ${second}`;
          const expected = twMerge(input);
          const actual = mergeClasses(input);
          if (actual !== expected)
            differences.push(`"${input}": "${actual}", tailwind-merge "${expected}"`);
        }
      }
    }
    expect(pairs).toBeGreaterThan(100_000);
    expect(differences.slice(0, 30)).toEqual([]);
  });

  it("keeps the caller's class over the component's, under the same variants only", () => {
    expect(cn("h-9 px-3 text-sm", "h-8 px-2")).toBe("text-sm h-8 px-2");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("hover:bg-slate-100 bg-white", "bg-brand-50")).toBe("hover:bg-slate-100 bg-brand-50");
    expect(cn("focus:hover:underline", "hover:focus:no-underline")).toBe(
      "hover:focus:no-underline",
    );
    expect(cn("[&_a]:underline", "[&_b]:no-underline")).toBe("[&_a]:underline [&_b]:no-underline");
    expect(cn("p-2!", "p-4")).toBe("p-2! p-4");
    expect(cn("-mt-2", "mt-4")).toBe("mt-4");
    expect(cn("text-sm text-slate-600 text-left", "text-lg text-brand-700")).toBe(
      "text-left text-lg text-brand-700",
    );
    expect(cn("border border-slate-200", "border-2 border-t-0")).toBe(
      "border-slate-200 border-2 border-t-0",
    );
    expect(cn("[overflow-wrap:normal]", "[overflow-wrap:anywhere]")).toBe(
      "[overflow-wrap:anywhere]",
    );
  });

  it("keeps what is not Tailwind, conditions and spacing aside", () => {
    expect(
      cn("site-card  group", false, undefined, { peer: true, hidden: false }, ["table-scroll"]),
    ).toBe("site-card group peer table-scroll");
    expect(cn("", "  ")).toBe("");
  });
});
