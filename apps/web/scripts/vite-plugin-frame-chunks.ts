import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Each lucide icon is its own module behind the package's one barrel file. Imported through the
 * barrel, every module that uses an icon depends on the barrel, and the bundler cannot tell which
 * page uses which icon when it groups modules into chunks. This rewrites
 * `import { Bell, Image as PhotoIcon } from "lucide-react"` into one import per icon file
 * (`lucide-react/icons/bell`, a path the package exports), the same icons, so a chunk group can
 * follow them (frameChunkName below).
 */
export function lucideIconImports(): Plugin {
  const require = createRequire(import.meta.url);
  const barrel = readFileSync(
    path.join(
      path.dirname(require.resolve("lucide-react/package.json")),
      "dist/esm/lucide-react.mjs",
    ),
    "utf8",
  );
  // `export { default as Bell, default as BellIcon, default as LucideBell } from './icons/bell.mjs';`
  const fileOf = new Map<string, string>();
  for (const [, names, file] of barrel.matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g,
  )) {
    for (const name of names!.matchAll(/default as (\w+)/g)) fileOf.set(name[1]!, file!);
  }
  return {
    name: "sightline:lucide-icon-imports",
    // Chunks are a build's concern; the dev server keeps the barrel (one pre-bundled module).
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (id.includes("node_modules") || !/\.tsx?$/.test(id) || !code.includes('"lucide-react"')) {
        return;
      }
      const rewritten = code.replace(
        /import \{([^}]*)\} from "lucide-react";/g,
        (whole, list: string) => {
          const lines: string[] = [];
          const types: string[] = [];
          for (const part of list.split(",").map((item) => item.trim())) {
            if (part === "") continue;
            if (part.startsWith("type ")) {
              types.push(part.slice(5));
              continue;
            }
            const [imported, local = imported] = part.split(/\s+as\s+/) as [string, string?];
            const file = fileOf.get(imported);
            if (!file) return whole;
            lines.push(`import ${local} from "lucide-react/icons/${file}";`);
          }
          // `import type`: erased whole, where `import { type X }` would keep the barrel's import.
          if (types.length > 0)
            lines.push(`import type { ${types.join(", ")} } from "lucide-react";`);
          // As many lines as before: positions in the rest of the file stay where they were.
          return lines.join(" ") + "\n".repeat(whole.split("\n").length - 1);
        },
      );
      // Lines stay where they were: `map: null` keeps the source map the file already has.
      return { code: rewritten, map: null };
    },
  };
}

type ModuleInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] };
type ChunkingContext = { getModuleInfo(id: string): ModuleInfo | null };

/**
 * The chunk of the app's frame (header, sidebar, account switcher and what only they use, icons
 * included): a name for rolldown's `codeSplitting.groups`. Left to itself the bundler splits these
 * into one file per set of pages that share each module, ~60 files of a few hundred bytes on
 * every app page's first load, and each file compresses on its own. Every app page shows the
 * frame, so one file costs no page anything it would not load; modules the public site, the
 * shared start (start-app.tsx and what it imports) or main.tsx's early requests (early-page-data.ts)
 * also use are left out, so neither a public page nor those requests wait for the frame.
 */
export function frameChunkName(): (id: string, context: ChunkingContext) => string | null {
  // One answer per chunking pass (a build's context), computed on its first call.
  const frameOnlyIn = new WeakMap<ChunkingContext, Set<string>>();
  const closure = (context: ChunkingContext, roots: string[], into = new Set<string>()) => {
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (into.has(id)) continue;
      into.add(id);
      stack.push(...(context.getModuleInfo(id)?.importedIds ?? []));
    }
    return into;
  };
  return (id, context) => {
    let frameOnly = frameOnlyIn.get(context);
    if (!frameOnly) {
      const src = path.resolve(import.meta.dirname, "../src");
      const layout = path.join(src, "app/layouts/app-layout.tsx");
      const start = path.join(src, "app/start-app.tsx");
      // main.tsx's early requests for a signed-in page run before the frame's code has loaded.
      const early = path.join(src, "app/early-page-data.ts");
      const marketing = path.join(src, "app/routes/marketing/routes.tsx");
      const shared = closure(context, [
        start,
        early,
        ...(context.getModuleInfo(marketing)?.dynamicallyImportedIds ?? []),
      ]);
      frameOnly = new Set([...closure(context, [layout])].filter((module) => !shared.has(module)));
      frameOnlyIn.set(context, frameOnly);
    }
    return frameOnly.has(id) ? "app-frame" : null;
  };
}

/**
 * Fails the build when the frame's chunk and another import each other. The group above takes
 * the frame's modules without their dependencies (those stay shared); a module the graph counts
 * as shared but the bundler places with the frame's entry would make such a circle, and the app
 * would wait forever on the first page it opens ("Loading..."). This says so at build time.
 */
export function frameChunkCheck(): Plugin {
  return {
    name: "sightline:frame-chunk-check",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
      const frame = chunks.find((chunk) => chunk.name === "app-frame");
      if (!frame) return;
      const importsOf = (fileName: string) =>
        chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? [];
      // Every chunk the frame's reaches through static imports; none may lead back to it.
      const seen = new Set<string>();
      const stack = [...frame.imports];
      while (stack.length > 0) {
        const fileName = stack.pop()!;
        if (seen.has(fileName)) continue;
        seen.add(fileName);
        if (importsOf(fileName).includes(frame.fileName)) {
          this.error(
            `${frame.fileName} and ${fileName} import each other: the app would never start. A module of the frame is left in a chunk that needs the frame (scripts/vite-plugin-frame-chunks.ts).`,
          );
        }
        stack.push(...importsOf(fileName));
      }
    },
  };
}
