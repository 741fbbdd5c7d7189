/** The classes an element must have for one complex selector to match it (a necessary set). */
export function requiredClasses(selector: string): string[];
/** Every class used in an HTML document's class attributes. */
export function classesInHtml(html: string): Set<string>;
/** Prepares the built stylesheet once; the returned function gives the part a page's HTML uses. */
export function criticalCssFrom(css: string): (html: string) => string;
