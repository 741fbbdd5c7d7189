import type { SandboxCore } from "../core/context.ts";
import { escapeHtml } from "./consent-page.ts";

/** `GET /sandbox/` — what is running and where to start. */
export function renderIndexPage(core: SandboxCore, summary: unknown | undefined): string {
  const base = core.sandboxUrl("");
  const links = [["Sample JPEG 1080×1350", `${base}/cdn/samples/image.jpg?w=1080&h=1350`]];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Instagram sandbox</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:40px auto;padding:0 20px;color:#1c1e21}code,pre{background:#f4f4f5;border-radius:6px}code{overflow-wrap:anywhere}pre{padding:12px;overflow:auto;font-size:12px}a{color:#d62976}</style></head>
<body><h1>Instagram Graph API sandbox</h1><p>A local stand-in for Meta's API. Base URLs: <code>${escapeHtml(base)}/graph.instagram.com</code>, <code>${escapeHtml(base)}/graph.facebook.com</code>.</p>
<ul>${links.map(([label, href]) => `<li><a href="${escapeHtml(href!)}">${escapeHtml(label!)}</a></li>`).join("")}</ul>
<p>Control endpoints (<code>${escapeHtml(base)}/_control/*</code>: faults, tokens, simulated activity) answer only same-origin requests that send the per-process token in <code>x-sandbox-control-token</code>; the server prints it at start in development.</p>
<p>The consent pages (<code>${escapeHtml(base)}/www.instagram.com/oauth/authorize</code>, <code>${escapeHtml(base)}/www.facebook.com/v23.0/dialog/oauth</code>) take only the code flow and redirect only to the app's own callbacks: start from the app's "Connect" button.</p>
${summary === undefined ? "<p>Signed in to the app, you see your own copy of the demo accounts here.</p>" : `<h2>State</h2><pre>${escapeHtml(JSON.stringify(summary, null, 2))}</pre>`}</body></html>`;
}
