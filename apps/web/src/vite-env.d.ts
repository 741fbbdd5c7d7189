/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_DEMO_VIDEO_URL?: string;
  readonly VITE_SITE_URL?: string;
  readonly VITE_BUILD_YEAR?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Markdown rendered at build time by scripts/vite-plugin-markdown.ts. */
declare module "*.md" {
  const document: {
    attributes: Record<string, unknown>;
    html: string;
    headings: { id: string; text: string; depth: number }[];
  };
  export default document;
}

declare module "*.md?meta" {
  const document: { attributes: Record<string, unknown> };
  export default document;
}

/** /api/v1's OpenAPI document, made by the server at build time (scripts/vite-plugin-openapi.ts). */
declare module "virtual:sightline/openapi" {
  const document: import("./features/marketing/utils/api-reference.ts").ApiDocument;
  export default document;
}
