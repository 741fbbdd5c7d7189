import { describe, expect, it } from "vitest";
import { classesInHtml, criticalCssFrom, requiredClasses } from "./critical-css.mjs";

describe("a page's critical CSS", () => {
  it("reads the classes a selector needs, escapes decoded, :not/:is/:where and attributes aside", () => {
    expect(requiredClasses(".sm\\:py-24")).toEqual(["sm:py-24"]);
    expect(requiredClasses(".w-1\\/2")).toEqual(["w-1/2"]);
    expect(requiredClasses(".\\32 xl\\:flex")).toEqual(["2xl:flex"]);
    expect(requiredClasses(".space-y-4>:not(:last-child)")).toEqual(["space-y-4"]);
    expect(requiredClasses(".group-hover\\:x:is(:where(.group):hover *)")).toEqual([
      "group-hover:x",
    ]);
    expect(requiredClasses('[data-x="a.b"] .c')).toEqual(["c"]);
    expect(requiredClasses("*,:before")).toEqual([]);
  });

  it("reads class attributes with their entities", () => {
    expect([...classesInHtml(`<p class="a x-[&#x27;y&#x27;]  b"></p>`)]).toEqual([
      "a",
      "x-['y']",
      "b",
    ]);
  });

  it("keeps the rules the page's classes select, in order, and drops empty at-rules", () => {
    const critical = criticalCssFrom(
      "/*! banner */html{color:red}.a{margin:0}.b{margin:1px}@media (min-width:40rem){.b{padding:0}}.a,.c{top:0}@keyframes k{from{opacity:0}}",
    );
    expect(critical('<div class="a"></div>')).toBe(
      "html{color:red}.a{margin:0}.a{top:0}@keyframes k{from{opacity:0}}",
    );
  });

  it("drops the custom properties nothing left reads, chains and registrations included", () => {
    const critical = criticalCssFrom(
      [
        ":root,:host{--color-used:red;--color-unused:blue;--font:var(--font-base);--font-base:serif;--inline:1px}",
        "@property --tw-shadow{syntax:'*';inherits:false;initial-value:0 0 #0000}",
        "@property --tw-blur{syntax:'*';inherits:false}",
        "@layer properties{@supports (x:y){*{--tw-shadow:0 0 #0000;--tw-blur:initial}}}",
        ".a{color:var(--color-used);box-shadow:var(--tw-shadow)}",
        ".b{font-family:var(--font);filter:blur(var(--tw-blur))}",
      ].join(""),
    );
    expect(critical('<div class="a" style="margin:var(--inline)"></div>')).toBe(
      [
        ":root,:host{--color-used:red;--inline:1px}",
        "@property --tw-shadow{syntax:'*';inherits:false;initial-value:0 0 #0000}",
        "@layer properties{@supports (x:y){*{--tw-shadow:0 0 #0000}}}",
        ".a{color:var(--color-used);box-shadow:var(--tw-shadow)}",
      ].join(""),
    );
  });
});
