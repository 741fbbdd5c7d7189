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
