import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { documentPolicy, inlineHashes } from "./security-headers.ts";

const hashOf = (body: string) =>
  `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;

describe("inlineHashes", () => {
  it("hashes inline scripts, whatever their data attributes are called", () => {
    // The page loader (apps/web/src/app/page-loader.ts) carries data-font-src: not a src.
    const html =
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
      '<script data-entry="/assets/index.js" data-font-src="url(/a.woff2)">go()</script>' +
      "<script>one()</script><script>one()</script><script></script>";
    expect(inlineHashes(html).scripts).toEqual([hashOf("go()"), hashOf("one()")]);
  });

  it("leaves out scripts loaded from a file, however the attribute is spaced", () => {
    const html = '<script\nsrc="/a.js">ignored()</script><script defer src = "/b.js"></script>';
    expect(inlineHashes(html).scripts).toEqual([]);
  });

  it("puts the hashes in the document's script-src", () => {
    const policy = documentPolicy({ ...inlineHashes("<script>go()</script>"), https: false });
    expect(policy).toContain(`script-src 'self' ${hashOf("go()")};`);
  });
});
