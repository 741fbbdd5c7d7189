import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";
import type { Plugin } from "vite";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where src/styles/index.css finds the font (its url() is relative to that file). */
export const interSubsetFile = path.join(
  webDir,
  "node_modules/.cache/sightline-fonts/inter-latin-wght-normal.woff2",
);

/** The weights the site and the app use: Tailwind's font-normal to font-extrabold. */
export const interWeights = { min: 400, max: 800 } as const;

/**
 * The characters of the unicode-range index.css declares for Inter (Fontsource's latin subset),
 * read from that file so the font and its declaration cannot disagree.
 */
function declaredCharacters(): string {
  const css = readFileSync(path.join(webDir, "src/styles/index.css"), "utf8");
  const range = /font-family:\s*"Inter Variable";[^}]*?unicode-range:([^;]+);/.exec(css)?.[1];
  if (!range) throw new Error("src/styles/index.css declares no unicode-range for Inter Variable");
  return range
    .split(",")
    .flatMap((part) => {
      const [first, last = first] = part.trim().replace(/^U\+/i, "").split("-");
      const from = Number.parseInt(first!, 16);
      const to = Number.parseInt(last!, 16);
      return Array.from({ length: to - from + 1 }, (_, index) =>
        String.fromCodePoint(from + index),
      );
    })
    .join("");
}

export const latinCharacters = declaredCharacters();

/**
 * Fontsource's Inter (variable, latin) with its weight axis cut to 400–800: 48.3 KB → 31.6 KB.
 * Every glyph of the latin range and every OpenType feature (tabular figures among them) stay.
 * The font follows a public page's first paint (src/app/page-loader.ts) and is on the app
 * shell's path to it (preloaded): a throttled mobile network pays for each kilobyte.
 */
export async function makeInterSubset(
  source: Buffer,
  format: "woff2" | "sfnt" = "woff2",
): Promise<Buffer> {
  return subsetFont(source, latinCharacters, {
    targetFormat: format,
    variationAxes: { wght: interWeights },
  });
}

/** Fontsource's file the subset is cut from. */
export function interSourceFile(): string {
  return createRequire(import.meta.url).resolve(
    "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  );
}

/**
 * Makes the subset before the build (and the dev server) reads the stylesheet, once per source
 * font and settings: a stamp beside the file names what it was made from.
 */
export function interSubset(): Plugin {
  return {
    name: "sightline:inter-subset",
    async buildStart() {
      const source = readFileSync(interSourceFile());
      const stamp = createHash("sha256")
        .update(source)
        .update(JSON.stringify({ interWeights, latinCharacters, version: 1 }))
        .digest("hex");
      const stampFile = `${interSubsetFile}.stamp`;
      if (
        existsSync(interSubsetFile) &&
        existsSync(stampFile) &&
        readFileSync(stampFile, "utf8") === stamp
      ) {
        return;
      }
      mkdirSync(path.dirname(interSubsetFile), { recursive: true });
      // Written aside and moved into place: two builds at once never read half a font.
      const partial = `${interSubsetFile}.${process.pid}.tmp`;
      writeFileSync(partial, await makeInterSubset(source));
      renameSync(partial, interSubsetFile);
      writeFileSync(stampFile, stamp);
    },
  };
}
