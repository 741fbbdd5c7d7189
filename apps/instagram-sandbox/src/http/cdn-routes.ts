import { SANDBOX_CDN_SEGMENT } from "@sightline/instagram-graph";
import type { Hono } from "hono";
import type { SandboxCore } from "../core/context.ts";
import { profileFor } from "../data/generate-world.ts";
import { accountProfiles, publicAccountSeeds } from "../data/profiles.ts";
import { checkCdnUrl } from "../graph/urls.ts";
import { type ArtStyle, renderArt, renderAvatar } from "../media/art.ts";
import { encodeGradientJpeg, encodeSamplePngHeader, type Rgb } from "../media/jpeg.ts";
import { buildSampleMp4 } from "../media/mp4.ts";

const genericPalettes: Record<ArtStyle, string[]> = {
  ceramics: ["#b7795b", "#efe3d3", "#7f9a83", "#4f5d52", "#d7b59a"],
  coffee: ["#5d4037", "#d7c4a8", "#2f4a3f", "#b5673c", "#f2e6d6"],
  bakery: ["#c69c6d", "#f6ecdf", "#8a5a3b", "#e2c9a6", "#5c3d2e"],
  lifestyle: ["#e9edc9", "#ccd5ae", "#a98467", "#faedcd", "#6c584c"],
};

function styleAndPalette(key: string): { style: ArtStyle; palette: readonly string[] } {
  const own = accountProfiles.find((profile) => profile.key === key);
  if (own) {
    const style: ArtStyle =
      own.key === "northfield" ? "coffee" : own.key === "oona" ? "bakery" : "ceramics";
    return { style, palette: own.palette };
  }
  const other = publicAccountSeeds.find((entry) => entry.voice === key);
  if (other || key in genericPalettes) {
    const style = key as ArtStyle;
    return { style, palette: genericPalettes[style] ?? genericPalettes.lifestyle };
  }
  return { style: "lifestyle", palette: genericPalettes.lifestyle };
}

function clampInt(value: string | undefined, fallback: number, min: number, max: number): number {
  const number = Number(value);
  return Number.isFinite(number) ? Math.min(max, Math.max(min, Math.round(number))) : fallback;
}

function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** An Accept header that names JPEG (or image/*) and not SVG. */
function wantsJpegOnly(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(",").map((part) => part.split(";")[0]!.trim().toLowerCase());
  return types.includes("image/jpeg") && !types.includes("image/svg+xml") && !types.includes("*/*");
}

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

function rotate<T>(items: readonly T[], by: number): T[] {
  const start = items.length === 0 ? 0 : by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

const jpegHeaders = {
  "content-type": "image/jpeg",
  "cache-control": "public, max-age=86400, immutable",
};

const svgHeaders = {
  "content-type": "image/svg+xml; charset=utf-8",
  "cache-control": "public, max-age=86400, immutable",
};

/**
 * The sandbox's CDN (`/scontent.cdninstagram.com/v/...`): generated artwork for media, avatars and
 * video, only through the signed, expiring URLs the API hands out (§12.7) — an expired one is a
 * 403 as at Meta's CDN, so code that stores media URLs instead of ids fails here. Beside it,
 * `/cdn/samples/*`: files a publisher hosts (real baseline JPEGs, a PNG header, MP4 shells) that
 * tests and the app can publish from.
 */
export function registerCdnRoutes(app: Hono, core: SandboxCore): void {
  const cdn = `/${SANDBOX_CDN_SEGMENT}/v`;
  app.use(`${cdn}/*`, async (c, next) => {
    const url = new URL(c.req.url);
    const at = url.pathname.indexOf(cdn);
    const refused = checkCdnUrl(core, `${url.pathname.slice(at + cdn.length)}${url.search}`);
    if (refused) return c.text(refused, 403, { "cache-control": "no-store" });
    return next();
  });

  app.get(`${cdn}/art/:style/:file`, (c) => {
    const id = c.req.param("file").replace(/\.svg$/, "");
    const { style, palette } = styleAndPalette(c.req.param("style"));
    const width = clampInt(c.req.query("w"), 1080, 16, 2160);
    const height = clampInt(c.req.query("h"), 1080, 16, 3840);
    // Meta's CDN answers the format a client accepts; one that takes JPEG but no SVG (a PDF
    // renderer) gets a JPEG of the artwork's colours instead of the drawing.
    if (wantsJpegOnly(c.req.header("accept"))) {
      const colors = rotate(palette, hashOf(id)).slice(0, 3).map(hexToRgb);
      return c.body(encodeGradientJpeg({ width, height, colors }), 200, {
        ...jpegHeaders,
        vary: "Accept",
      });
    }
    return c.body(renderArt({ id, width, height, palette, style }), 200, {
      ...svgHeaders,
      vary: "Accept",
    });
  });

  app.get(`${cdn}/avatars/:file`, (c) => {
    const username = decodeURIComponent(c.req.param("file").replace(/\.svg$/, ""));
    const account = core.store.accountByUsername.get(username);
    const person = account
      ? undefined
      : [...core.store.people.values()].find((entry) => entry.username === username);
    const publicAccount = core.store.publicByUsername.get(username);
    const palette = account
      ? profileFor(account).palette
      : publicAccount
        ? publicAccount.palette
        : genericPalettes.lifestyle;
    const name = account?.name ?? publicAccount?.name ?? person?.name ?? username;
    return c.body(renderAvatar({ username, name, palette }), 200, svgHeaders);
  });

  app.get(`${cdn}/video/:file`, (c) => {
    const width = clampInt(c.req.query("w"), 1080, 16, 3840);
    const height = clampInt(c.req.query("h"), 1920, 16, 3840);
    const durationMs = clampInt(c.req.query("d"), 15_000, 100, 3_600_000);
    return c.body(buildSampleMp4({ width, height, durationMs }), 200, {
      "content-type": "video/mp4",
    });
  });

  // Samples for publishing tests and the dev composer.
  app.get("/cdn/samples/image.jpg", (c) => {
    const width = clampInt(c.req.query("w"), 1080, 8, 4096);
    const height = clampInt(c.req.query("h"), 1350, 8, 4096);
    const palette = styleAndPalette(c.req.query("style") ?? "lena")
      .palette.slice(0, 3)
      .map(hexToRgb);
    const padBytes = clampInt(c.req.query("pad"), 0, 0, 20 * 1024 * 1024);
    return c.body(encodeGradientJpeg({ width, height, colors: palette, padBytes }), 200, {
      "content-type": "image/jpeg",
    });
  });
  app.get("/cdn/samples/image.png", (c) => {
    const width = clampInt(c.req.query("w"), 1080, 8, 4096);
    const height = clampInt(c.req.query("h"), 1080, 8, 4096);
    return c.body(encodeSamplePngHeader(width, height), 200, { "content-type": "image/png" });
  });
  app.get("/cdn/samples/video.mp4", (c) => {
    const width = clampInt(c.req.query("w"), 1080, 16, 3840);
    const height = clampInt(c.req.query("h"), 1920, 16, 3840);
    const durationMs = clampInt(c.req.query("duration_ms"), 15_000, 100, 3_600_000);
    const mdatBytes = clampInt(c.req.query("bytes"), 4096, 0, 64 * 1024 * 1024);
    return c.body(
      buildSampleMp4({
        width,
        height,
        durationMs,
        mdatBytes,
        moovLast: c.req.query("moov") === "last",
      }),
      200,
      { "content-type": "video/mp4" },
    );
  });
  app.get("/cdn/samples/garbage.bin", (c) =>
    c.body(new Uint8Array(256).fill(7), 200, { "content-type": "application/octet-stream" }),
  );
}
