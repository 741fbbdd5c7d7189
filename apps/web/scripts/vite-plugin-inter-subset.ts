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

/** Fontsource's latin subset's unicode-range (the one index.css declares). */
const latinRanges: Array<[number, number]> = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

export const latinCharacters = latinRanges
  .flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)),
  )
  .join("");

/**
 * Fontsource's Inter (variable, latin) with its weight axis cut to 400–800: 48.3 KB → 31.6 KB.
 * Every glyph of the latin range and every OpenType feature (tabular figures among them) stay.
 * The font is on every public page's path to its largest paint (preloaded; issue 27 point 2),
 * where Lighthouse's throttled network pays for each kilobyte.
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
