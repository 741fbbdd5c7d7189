// `npm run dev`: the API server with reload on change, and Vite with hot reload proxying to it.
import { spawn } from "node:child_process";
import path from "node:path";
import { root } from "./web-build.mjs";

const children = [
  spawn(
    process.execPath,
    [
      path.join(root, "node_modules/tsx/dist/cli.mjs"),
      "watch",
      "--clear-screen=false",
      "apps/server/src/index.ts",
    ],
    {
      cwd: root,
      stdio: "inherit",
      // Links in e-mails and OAuth callbacks point at the Vite server, which proxies /api here.
      env: { PUBLIC_URL: "http://localhost:5173", ...process.env, NODE_ENV: "development" },
    },
  ),
  spawn(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js")], {
    cwd: path.join(root, "apps/web"),
    stdio: "inherit",
    env: process.env,
  }),
];

console.info(
  "\n  Dev mode: open http://localhost:5173 (Vite, hot reload; /api proxied to :3000)\n",
);

function stop() {
  for (const child of children) child.kill("SIGTERM");
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) {
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
