// The CSS a prerendered page needs, inlined into it so nothing blocks its first paint (issue 27,
// point 2). The site's stylesheet is Tailwind: almost every rule is selected by classes, so a
// page's CSS is every rule of the built stylesheet whose classes all occur in the page's HTML,
// in the stylesheet's own order (when the whole stylesheet applies later, nothing changes).
// Rules without classes (the reset, element and attribute selectors, @font-face, keyframes) are
// always kept; classes inside :not(), :is() and :where() are not required. Custom properties
// that nothing left reads (the theme's unused colours, Tailwind's @property registrations and
// their fallbacks for utilities the page does not use) go too.
import postcss from "postcss";

const hexDigit = /[0-9a-fA-F]/;
const identChar = /[\w-]|[^\p{ASCII}]/u;

/** Reads a CSS identifier at `start` (escapes decoded): [value, index after it]. */
function readIdent(selector, start) {
  let value = "";
  let i = start;
  while (i < selector.length) {
    const c = selector[i];
    if (c === "\\") {
      let hex = "";
      let j = i + 1;
      while (j < selector.length && hex.length < 6 && hexDigit.test(selector[j]))
        hex += selector[j++];
      if (hex) {
        value += String.fromCodePoint(Number.parseInt(hex, 16));
        // One whitespace after a hexadecimal escape belongs to it.
        i = selector[j] === " " ? j + 1 : j;
      } else {
        value += selector[i + 1] ?? "";
        i += 2;
      }
    } else if (identChar.test(c)) {
      value += c;
      i++;
    } else {
      break;
    }
  }
  return [value, i];
}

/** Index after the bracket or parenthesis that closes the one opened at `start`. */
function skipGroup(selector, start) {
  const open = selector[start];
  const close = open === "(" ? ")" : "]";
  let depth = 0;
  for (let i = start; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = skipString(selector, i) - 1;
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return i + 1;
  }
  return selector.length;
}

function skipString(selector, start) {
  const quote = selector[start];
  for (let i = start + 1; i < selector.length; i++) {
    if (selector[i] === "\\") i++;
    else if (selector[i] === quote) return i + 1;
  }
  return selector.length;
}

/** The classes an element must have for one complex selector to match it (a necessary set). */
export function requiredClasses(selector) {
  const classes = [];
  let i = 0;
  while (i < selector.length) {
    const c = selector[i];
    if (c === "\\") {
      i += 2;
    } else if (c === '"' || c === "'") {
      i = skipString(selector, i);
    } else if (c === "[") {
      i = skipGroup(selector, i);
    } else if (c === ":" && /^:(?:not|is|where|matches)\(/.test(selector.slice(i, i + 9))) {
      i = skipGroup(selector, selector.indexOf("(", i));
    } else if (c === ".") {
      const [name, next] = readIdent(selector, i + 1);
      if (name) classes.push(name);
      i = Math.max(next, i + 1);
    } else {
      i++;
    }
  }
  return classes;
}

const entities = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", nbsp: "\u00a0" };
const decodeEntities = (text) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X"
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return entities[name.toLowerCase()] ?? whole;
  });

/** Every class used in an HTML document's class attributes. */
export function classesInHtml(html) {
  const classes = new Set();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeEntities(match[1]).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

function insideKeyframes(node) {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type === "atrule" && /keyframes$/i.test(parent.name)) return true;
  }
  return false;
}

/** Adds the custom properties `text` reads with var() to `into`. */
function addReferences(text, into) {
  for (const match of text.matchAll(/var\(\s*(--[\w-]+)/g)) into.add(match[1]);
}

/**
 * Removes the custom properties nobody reads: declarations and @property registrations of names
 * that no var() in the CSS left, nor in the page's HTML (inline styles), refers to. Repeated
 * until nothing changes, so a chain of properties that only feed each other goes as a whole.
 */
function pruneCustomProperties(root, html) {
  for (;;) {
    const used = new Set();
    addReferences(html, used);
    root.walkDecls((decl) => addReferences(decl.value, used));
    let removed = false;
    root.walkDecls(/^--/, (decl) => {
      if (!used.has(decl.prop)) {
        decl.remove();
        removed = true;
      }
    });
    root.walkAtRules("property", (atRule) => {
      if (!used.has(atRule.params.trim())) {
        atRule.remove();
        removed = true;
      }
    });
    if (!removed) return;
  }
}

/** Removes rules left without declarations and at-rules left without content. */
function removeEmpty(root) {
  let removed = true;
  while (removed) {
    removed = false;
    root.walk((node) => {
      if ((node.type === "rule" || node.type === "atrule") && node.nodes?.length === 0) {
        node.remove();
        removed = true;
      }
    });
  }
}

/**
 * Prepares the built stylesheet once; the returned function gives the part of it a page's HTML
 * uses.
 */
export function criticalCssFrom(css) {
  const source = postcss.parse(css);
  return function criticalCss(html) {
    const used = classesInHtml(html);
    const root = source.clone();
    root.walkRules((rule) => {
      if (insideKeyframes(rule)) return;
      const kept = rule.selectors.filter((selector) =>
        requiredClasses(selector).every((name) => used.has(name)),
      );
      if (kept.length === 0) rule.remove();
      else if (kept.length !== rule.selectors.length) rule.selector = kept.join(",");
    });
    pruneCustomProperties(root, html);
    // At-rules left without content (a @media whose rules all went) go too.
    removeEmpty(root);
    root.walkComments((comment) => comment.remove());
    return root.toString();
  };
}
