// `npm start`: build the web app when needed, then run the server in this same process.
import { register } from "tsx/esm/api";
import { ensureWebBuild, root } from "./web-build.mjs";

try {
  ensureWebBuild();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

register();
await import(new URL("apps/server/src/index.ts", `file://${root}/`).href);
