import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names (clsx) and, of two Tailwind classes that set the same thing under the same
 * variants, keeps the later: `cn("h-9 px-3", className)` lets a caller's `h-8` win.
 *
 * This is tailwind-merge 3's rule for the utilities this app writes, without its table of every
 * Tailwind utility (8.4 KB gzip on every app page's first load; issue 27). cn.test.ts checks
 * every pair of classes written in apps/web/src against tailwind-merge itself, so a class of a
 * kind this file does not know yet fails that test instead of merging wrongly.
 */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs));
}

/** A group of classes that set one thing, from a utility's value; undefined when not Tailwind. */
type Rule = string | ((value: string) => string | undefined);

const isNumber = (value: string) => value !== "" && !Number.isNaN(Number(value));
const isArbitrary = (value: string) => /^[[(].+[\])]$/.test(value);
const isTshirtSize = (value: string) => /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/.test(value);
/** `[3px]`, `[calc(100%-1rem)]`, `[length:var(--x)]`, `(length:--x)`: a length, not a colour. */
const isArbitraryLength = (value: string) => {
  const match = /^\[(?:([\w-]+):)?(.+)\]$/.exec(value) ?? /^\((?:([\w-]+):)?(.+)\)$/.exec(value);
  if (!match) return false;
  if (match[1]) return match[1] === "length";
  return (
    value[0] === "[" &&
    /\d(%|px|r?em|[sdl]?v([hwib]|min|max)|pt|pc|in|cm|mm|cap|ch|ex|r?lh|cq([whib]|min|max))|\b(calc|min|max|clamp)\(.+\)|^0$/.test(
      match[2]!,
    ) &&
    !/^(rgba?|hsla?|hwb|(ok)?(lab|lch)|color-mix|color|light-dark)\(.+\)$/.test(match[2]!)
  );
};
/** A width (`border`, `ring-2`, `outline-[3px]`) or, with a colour, the colour. */
const widthOr = (width: string, color: string) => (value: string) =>
  value === "" || isNumber(value) || isArbitraryLength(value) ? width : color;
const oneOf = (words: string) => {
  const set = new Set(words.split(" "));
  return (value: string) => set.has(value);
};
const isOutlineStyle = oneOf("solid dashed dotted double none hidden");
/** The value part of a class, with a `/opacity` or `/line-height` after it left out. */
const valueBeforeSlash = (value: string) =>
  value[0] === "[" || value[0] === "(" ? value : value.split("/")[0]!;

/** Classes of one word (or a fixed pair of words): `group:word word …`. */
const WORDS = new Map<string, string>();
for (const line of [
  "display:block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid contents list-item hidden",
  "position:static fixed absolute relative sticky",
  "visibility:visible invisible collapse",
  "sr:sr-only not-sr-only",
  "font-style:italic not-italic",
  "text-decoration:underline overline line-through no-underline",
  "text-transform:uppercase lowercase capitalize normal-case",
  "text-overflow:truncate",
  "fvn-spacing:proportional-nums tabular-nums",
  "fvn-figure:lining-nums oldstyle-nums",
  "fvn-normal:normal-nums",
  "isolation:isolate isolation-auto",
  "transform:transform transform-cpu transform-gpu transform-none",
  "border-collapse:border-collapse border-separate",
  "container-type:@container",
]) {
  const [group, words] = line.split(":") as [string, string];
  for (const word of words.split(" ")) WORDS.set(word, group);
}

/** `prefix-value` utilities, the longest prefix first: `border-t-2` is `border-t`'s. */
const RULES = new Map<string, Rule>();
// Utilities whose every value sets the same thing: a group named as the prefix.
for (const prefix of "p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml gap gap-x gap-y space-x space-y space-x-reverse space-y-reverse w h size min-w min-h max-w max-h inset inset-x inset-y start end top right bottom left basis grow shrink z order opacity leading tracking line-clamp duration delay ease cursor select pointer-events fill accent caret underline-offset aspect columns grid-cols grid-rows col-start col-end row-start row-end whitespace scroll-m scroll-mx scroll-my scroll-mt scroll-mr scroll-mb scroll-ml scroll-p scroll-px scroll-py scroll-pt scroll-pr scroll-pb scroll-pl translate-x translate-y scale scale-x scale-y rotate skew-x skew-y indent overscroll resize filter blur bg-clip outline-offset will-change place-content place-items place-self justify-items justify-self".split(
  " ",
)) {
  RULES.set(prefix, prefix);
}
for (const [prefix, group] of [
  ["col", "col-start-end"],
  ["row", "row-start-end"],
  ["origin", "transform-origin"],
  ["divide-x", "divide-x"],
  ["divide-y", "divide-y"],
  ["border-spacing", "border-spacing"],
] as const) {
  RULES.set(prefix, group);
}
// Utilities with a fixed set of values (or an arbitrary one): `items-center`, not `align-items`.
for (const [prefix, group, words] of [
  ["overflow", "overflow", "auto hidden clip visible scroll"],
  ["overflow-x", "overflow-x", "auto hidden clip visible scroll"],
  ["overflow-y", "overflow-y", "auto hidden clip visible scroll"],
  ["items", "align-items", "start end center stretch baseline center-safe end-safe"],
  ["self", "align-self", "auto start end center stretch baseline center-safe end-safe"],
  ["justify", "justify-content", "start end center between around evenly stretch baseline normal"],
  ["content", "align-content", "normal start end center between around evenly stretch baseline"],
  ["align", "vertical-align", "baseline top middle bottom text-top text-bottom sub super"],
  ["animate", "animate", "none spin ping pulse bounce"],
  ["transition", "transition", "all colors opacity shadow transform none"],
  ["list", "list-style-type", "disc decimal none"],
] as const) {
  const known = oneOf(words);
  RULES.set(prefix, (value) => (known(value) || isArbitrary(value) ? group : undefined));
}
RULES.set("text", (value) =>
  /^(left|center|right|justify|start|end)$/.test(value)
    ? "text-alignment"
    : /^(wrap|nowrap|balance|pretty)$/.test(value)
      ? "text-wrap"
      : /^(ellipsis|clip)$/.test(value)
        ? "text-overflow"
        : value === "base" || isTshirtSize(valueBeforeSlash(value)) || isArbitraryLength(value)
          ? "font-size"
          : "text-color",
);
RULES.set("font", (value) =>
  /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/.test(value) ||
  /^\[(weight:|\d)/.test(value)
    ? "font-weight"
    : "font-family",
);
RULES.set("bg", (value) =>
  /^(none|linear-|radial|conic)/.test(value) ||
  /^\[(image:|url\(|image\(|image-set\(|cross-fade\(|element\(|(repeating-)?(linear|radial|conic)-gradient\()/.test(
    value,
  )
    ? "bg-image"
    : /^(auto|cover|contain)$/.test(value) || value.startsWith("[size:")
      ? "bg-size"
      : /^(center|top|bottom|left|right)(-|$)/.test(value) || value.startsWith("[position:")
        ? "bg-position"
        : "bg-color",
);
RULES.set("border", (value) =>
  /^(solid|dashed|dotted|double|hidden|none)$/.test(value)
    ? "border-style"
    : /^(collapse|separate)$/.test(value)
      ? "border-collapse"
      : widthOr("border-w", "border-color")(value),
);
const SIDES = ["x", "y", "s", "e", "t", "r", "b", "l"];
for (const side of SIDES) {
  RULES.set(`border-${side}`, widthOr(`border-w-${side}`, `border-color-${side}`));
}
RULES.set("ring", (value) =>
  value === "inset" ? "ring-w-inset" : widthOr("ring-w", "ring-color")(value),
);
RULES.set("ring-offset", (value) =>
  isNumber(value) || isArbitraryLength(value) ? "ring-offset-w" : "ring-offset-color",
);
RULES.set("outline", (value) =>
  isOutlineStyle(value) ? "outline-style" : widthOr("outline-w", "outline-color")(value),
);
RULES.set("shadow", (value) =>
  /^(|inner|none)$/.test(value) ||
  isTshirtSize(value) ||
  /^\[(shadow:|(inset_)?-?((\d+)?\.?(\d+)[a-z]+|0)_-?((\d+)?\.?(\d+)[a-z]+|0))/.test(value)
    ? "shadow"
    : "shadow-color",
);
RULES.set("divide", (value) => (isOutlineStyle(value) ? "divide-style" : "divide-color"));
RULES.set("stroke", (value) =>
  isNumber(value) || isArbitraryLength(value) ? "stroke-w" : "stroke",
);
RULES.set("decoration", (value) =>
  /^(solid|dashed|dotted|double|wavy)$/.test(value)
    ? "text-decoration-style"
    : isNumber(value) || /^(auto|from-font)$/.test(value) || isArbitraryLength(value)
      ? "text-decoration-thickness"
      : "text-decoration-color",
);
RULES.set("flex", (value) =>
  /^(row|row-reverse|col|col-reverse)$/.test(value)
    ? "flex-direction"
    : /^(wrap|wrap-reverse|nowrap)$/.test(value)
      ? "flex-wrap"
      : /^(\d|auto$|initial$|none$|\[)/.test(value)
        ? "flex"
        : undefined,
);
const transition = RULES.get("transition") as (value: string) => string | undefined;
RULES.set("transition", (value) =>
  value === ""
    ? "transition"
    : value === "normal" || value === "discrete"
      ? "transition-behavior"
      : transition(value),
);
RULES.set("table", (value) => (value === "auto" || value === "fixed" ? "table-layout" : undefined));
RULES.set("object", (value) =>
  /^(contain|cover|fill|none|scale-down)$/.test(value)
    ? "object-fit"
    : /^(center|top|bottom|left|right)(-|$)|^\[/.test(value)
      ? "object-position"
      : undefined,
);
const listStyle = RULES.get("list") as (value: string) => string | undefined;
RULES.set("list", (value) =>
  value === "inside" || value === "outside" ? "list-style-position" : listStyle(value),
);
const alignContent = RULES.get("content") as (value: string) => string | undefined;
RULES.set("content", (value) =>
  value === "none" || isArbitrary(value) ? "content" : alignContent(value),
);
RULES.set("break", (value) =>
  /^(before|after|inside)-/.test(value) ? `break-${value.split("-")[0]}` : "break",
);
for (const stop of ["from", "via", "to"]) {
  RULES.set(stop, (value) =>
    /^\d+(\.\d+)?%$/.test(value) || isArbitraryLength(value)
      ? `gradient-${stop}-pos`
      : `gradient-${stop}`,
  );
}
// `rounded`, `rounded-lg`, and a side's or a corner's: `rounded-t`, `rounded-br-md`.
const CORNERS = "s e t r b l ss se ee es tl tr br bl".split(" ");
RULES.set("rounded", "rounded");
for (const corner of CORNERS) RULES.set(`rounded-${corner}`, `rounded-${corner}`);

/** Utilities that are classes without a value too: `border`, `rounded-t`, `grow`. */
const BARE = new Set(
  `space-x-reverse space-y-reverse border ring outline shadow transition rounded grow shrink resize filter blur divide-x divide-y ${SIDES.map((side) => `border-${side}`).join(" ")} ${CORNERS.map((corner) => `rounded-${corner}`).join(" ")}`.split(
    " ",
  ),
);
/** Utilities whose value is a size, a position or a count: `top-0`, not the word `top-right`. */
const MEASURES = new Set(
  "p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml gap gap-x gap-y space-x space-y w h size min-w min-h max-w max-h inset inset-x inset-y start end top right bottom left basis z order col row opacity scale rotate translate-x translate-y duration delay line-clamp columns grid-cols grid-rows col-start col-end row-start row-end scroll-m scroll-mt scroll-mb scroll-ml scroll-mr scroll-mx scroll-my outline-offset underline-offset".split(
    " ",
  ),
);
const isMeasure = (value: string) =>
  /^(\d|\[|\(|px$|full$|auto$|screen$|none$|first$|last$|min$|max$|fit$|prose$|initial$|subgrid$|[dls]?v[wh]$|lh$|span-|\d?(xs|sm|md|lg|xl)$)/.test(
    value,
  );

/** What each group overrides besides itself (tailwind-merge's conflicting class groups). */
const OVERRIDES = new Map<string, string[]>();
for (const line of [
  "inset:inset-x inset-y start end top right bottom left",
  "inset-x:start end right left",
  "inset-y:top bottom",
  "size:w h",
  "gap:gap-x gap-y",
  "overflow:overflow-x overflow-y",
  "flex:basis grow shrink",
  "font-size:leading",
  "line-clamp:display overflow",
  "fvn-normal:fvn-figure fvn-spacing",
  "fvn-figure:fvn-normal",
  "fvn-spacing:fvn-normal",
  `rounded:${CORNERS.map((corner) => `rounded-${corner}`).join(" ")}`,
  "rounded-s:rounded-ss rounded-es",
  "rounded-e:rounded-se rounded-ee",
  "rounded-t:rounded-tl rounded-tr",
  "rounded-r:rounded-tr rounded-br",
  "rounded-b:rounded-br rounded-bl",
  "rounded-l:rounded-tl rounded-bl",
]) {
  const [group, others] = line.split(":") as [string, string];
  OVERRIDES.set(group, others.split(" "));
}
// `p` overrides `px py ps pe pt pr pb pl`, `px` `ps pe pr pl`, `py` `pt pb`; and so on.
for (const [group, join] of [
  ["p", ""],
  ["m", ""],
  ["scroll-m", ""],
  ["scroll-p", ""],
  ["border-w", "-"],
  ["border-color", "-"],
] as const) {
  const side = (name: string) => `${group}${join}${name}`;
  OVERRIDES.set(group, SIDES.map(side));
  OVERRIDES.set(side("x"), ["s", "e", "r", "l"].map(side));
  OVERRIDES.set(side("y"), ["t", "b"].map(side));
}

/** The group of a class without its variants, `!` or `-`: `h-8` → `h`; undefined if unknown. */
function groupOf(base: string): string | undefined {
  // An arbitrary property, `[mask-image:…]`: the property is the group.
  if (base[0] === "[") {
    const colon = base.indexOf(":");
    return colon > 1 && base.endsWith("]") ? `[${base.slice(1, colon)}]` : undefined;
  }
  const word = WORDS.get(base);
  if (word) return word;
  if (base.endsWith("-")) return undefined;
  // The prefix is in the part before any bracket: `max-h-[calc(100dvh-5rem)]` is `max-h`'s.
  const bracket = base.search(/[[(]/);
  const parts = (bracket < 0 ? base : base.slice(0, bracket)).split("-");
  for (let length = parts.length; length > 0; length--) {
    const prefix = parts.slice(0, length).join("-");
    const rule = RULES.get(prefix);
    if (rule === undefined || (prefix.length < base.length && base[prefix.length] !== "-")) {
      continue;
    }
    const value = base.slice(prefix.length + 1);
    // `bg-clip` alone is a colour's class (`bg-` and any name), `top-right` nobody's.
    if (value === "" && !BARE.has(prefix)) continue;
    if (typeof rule !== "string") return rule(value);
    if (MEASURES.has(prefix) && !isMeasure(value)) continue;
    return rule;
  }
  return undefined;
}

/** Variants whose order changes what they select (`before:`, `*:`): sorted around, not moved. */
const ORDER_SENSITIVE = new Set(
  "* ** after backdrop before details-content file first-letter first-line marker placeholder selection".split(
    " ",
  ),
);

/** A class's parts at each `:` outside brackets: `sm:[&_a]:mt-2` → `sm`, `[&_a]`, `mt-2`. */
export function splitVariants(className: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < className.length; index++) {
    const char = className[index];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === ":" && depth === 0) {
      parts.push(className.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(className.slice(start));
  return parts;
}

/** A class split into its variants (sorted where their order does not matter) and its base. */
function parse(className: string) {
  const variants = splitVariants(className);
  let base = variants.pop()!;
  let important = false;
  if (base.endsWith("!")) {
    important = true;
    base = base.slice(0, -1);
  } else if (base.startsWith("!")) {
    important = true;
    base = base.slice(1);
  }
  if (base.startsWith("-")) base = base.slice(1);
  // Runs of plain variants are sorted: `hover:focus:` and `focus:hover:` are the same.
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant[0] === "[" || ORDER_SENSITIVE.has(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  sorted.push(...run.sort());
  return { key: `${sorted.join(":")}${important ? "!" : ""}:`, base };
}

/** Each class's variants key and group (undefined when it is not Tailwind's), parsed once. */
const parsed = new Map<string, { variants: string; group: string | undefined }>();
function parsedClass(className: string) {
  let entry = parsed.get(className);
  if (!entry) {
    const { key, base } = parse(className);
    entry = { variants: key, group: groupOf(base) };
    // The app writes a few thousand classes; strings from elsewhere must not grow this forever.
    if (parsed.size > 5000) parsed.clear();
    parsed.set(className, entry);
  }
  return entry;
}

/**
 * Each joined string's merge, kept: components render the same few hundred class lists again
 * and again, and merging them anew on every render was the dashboard's third-largest cost in
 * its first load's profile (issue 27 point 3).
 */
const mergedLists = new Map<string, string>();

/** Keeps the last of each group's classes per variants; other classes stay as they are. */
export function mergeClasses(classes: string): string {
  let merged = mergedLists.get(classes);
  if (merged === undefined) {
    merged = mergeList(classes);
    // As `parsed`: strings from elsewhere must not grow this forever.
    if (mergedLists.size > 2000) mergedLists.clear();
    mergedLists.set(classes, merged);
  }
  return merged;
}

function mergeList(classes: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const list = classes.trim().split(/\s+/);
  for (let index = list.length - 1; index >= 0; index--) {
    const className = list[index]!;
    if (className === "") continue;
    const { variants, group } = parsedClass(className);
    if (group === undefined) {
      kept.push(className);
      continue;
    }
    if (taken.has(variants + group)) continue;
    kept.push(className);
    taken.add(variants + group);
    for (const other of OVERRIDES.get(group) ?? []) taken.add(variants + other);
  }
  return kept.reverse().join(" ");
}
