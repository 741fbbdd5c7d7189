// `npm start`: build the web app and the server bundle when either is missing or older than its
// sources (saying so while it builds), then run the bundle (compiled JavaScript, no tsx) in this
// same process.
import { enableCompileCache } from "node:module";
import { compileCacheDir, ensureServerBuild, serverBundleUrl } from "./server-build.mjs";
import { ensureWebBuild } from "./web-build.mjs";

try {
  ensureWebBuild();
  await ensureServerBuild();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// V8's compiled code for the bundle, reused from the last start (scripts/server-build.mjs).
enableCompileCache(compileCacheDir);
await import(serverBundleUrl);
