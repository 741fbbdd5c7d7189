import { scopeDescriptions } from "../core/scopes.ts";
import type { Account } from "../data/types.ts";
import { renderAvatar } from "../media/art.ts";

/** Server-rendered consent pages; inline CSS and SVG only, so they work offline. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function compact(count: number): string {
  if (count >= 10_000) return `${(count / 1000).toFixed(1).replace(/\.0$/, "")}K`;
  if (count >= 1000) return count.toLocaleString("en-US");
  return String(count);
}

const styles = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font:15px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1c1e21;background:var(--bg)}
.card{width:min(440px,calc(100vw - 32px));background:#fff;border-radius:18px;box-shadow:0 12px 40px rgba(0,0,0,.12),0 1px 3px rgba(0,0,0,.08);overflow:hidden;margin:24px 0}
header{padding:28px 28px 12px;text-align:center}header svg{width:52px;height:52px}
h1{font-size:20px;margin:14px 0 4px}p.sub{margin:0;color:#65676b;font-size:13px}
.badge{display:inline-block;margin-top:10px;padding:3px 10px;border-radius:999px;background:#fff4e5;color:#8a5300;font-size:12px;font-weight:600;letter-spacing:.02em}
section{padding:8px 20px 4px}h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#65676b;margin:14px 8px 8px}
form.account{margin:0 0 8px}button.pick{width:100%;display:grid;grid-template-columns:46px 1fr;column-gap:12px;row-gap:6px;align-items:center;padding:12px 14px;border:1px solid #e4e6eb;border-radius:12px;background:#fff;cursor:pointer;text-align:left;font:inherit;color:inherit;transition:border-color .15s,background .15s,box-shadow .15s}
button.pick:hover,button.pick:focus-visible{border-color:var(--accent);background:#fcfcfd;box-shadow:0 2px 10px rgba(0,0,0,.06);outline:none}
.avatar{width:46px;height:46px;border-radius:50%;overflow:hidden;box-shadow:0 0 0 2px #fff,0 0 0 4px var(--ring)}.avatar svg{width:100%;height:100%;display:block}
.who{min-width:0}.who strong{display:block;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.who span{display:block;color:#65676b;font-size:13px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.cta{grid-column:2;font-size:13px;font-weight:600;color:var(--accent)}
ul.scopes{list-style:none;margin:0 8px;padding:0}ul.scopes li{display:flex;gap:10px;padding:7px 0;border-bottom:1px solid #f0f2f5;font-size:14px}ul.scopes li:last-child{border:0}
ul.scopes li svg{flex:none;margin-top:2px}ul.scopes code{font-size:11px;color:#8a8d91}
footer{padding:14px 28px 24px;display:flex;flex-direction:column;gap:10px;align-items:stretch}
button.cancel{padding:10px;border-radius:10px;border:0;background:#f0f2f5;font:inherit;font-weight:600;color:#4b4f56;cursor:pointer}button.cancel:hover{background:#e4e6eb}
small{color:#8a8d91;font-size:12px;text-align:center}
.error{padding:28px;text-align:center}.error>svg{width:52px;height:52px}.error h1{color:#c0392b}.error a{color:var(--accent);font-weight:600}
`;

const instagramLogo = `<svg viewBox="0 0 52 52" aria-hidden="true"><defs><radialGradient id="ig" cx="0.3" cy="1.05" r="1.2"><stop offset="0" stop-color="#fdd86a"/><stop offset=".3" stop-color="#f77737"/><stop offset=".6" stop-color="#e1306c"/><stop offset="1" stop-color="#833ab4"/></radialGradient></defs><rect width="52" height="52" rx="14" fill="url(#ig)"/><rect x="12" y="12" width="28" height="28" rx="8.5" fill="none" stroke="#fff" stroke-width="3.2"/><circle cx="26" cy="26" r="6.6" fill="none" stroke="#fff" stroke-width="3.2"/><circle cx="34.6" cy="17.4" r="2" fill="#fff"/></svg>`;
const facebookLogo = `<svg viewBox="0 0 52 52" aria-hidden="true"><circle cx="26" cy="26" r="26" fill="#1877f2"/><path d="M28.6 41V28.4h4.2l.7-5h-4.9v-3.2c0-1.4.4-2.4 2.5-2.4h2.6v-4.4c-.5-.1-2-.2-3.8-.2-3.7 0-6.3 2.3-6.3 6.5v3.7h-4.2v5h4.2V41z" fill="#fff"/></svg>`;
const check = `<svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="8" fill="#e7f3e8"/><path d="M4.5 8.2l2.2 2.2 4.8-4.8" fill="none" stroke="#2e7d32" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

export type ConsentView = {
  family: "instagram" | "facebook";
  action: string;
  hidden: Record<string, string>;
  scopes: string[];
  accounts: Array<{ account: Account; followers: number }>;
};

function layout(family: "instagram" | "facebook", title: string, body: string): string {
  const theme =
    family === "instagram"
      ? "--bg:linear-gradient(135deg,#fdf2e9 0%,#fce4ec 50%,#ede7f6 100%);--accent:#d62976;--ring:#f3c1d6"
      : "--bg:linear-gradient(180deg,#e9f0fb 0%,#f0f2f5 60%);--accent:#1877f2;--ring:#c7dbf8";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>:root{${theme}}${styles}</style></head><body>${body}</body></html>`;
}

function hiddenInputs(hidden: Record<string, string>): string {
  return Object.entries(hidden)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join("");
}

export function renderConsentPage(view: ConsentView): string {
  const isInstagram = view.family === "instagram";
  const accounts = view.accounts
    .map(({ account, followers }) => {
      const avatar = renderAvatar({
        username: account.username,
        name: account.name,
        palette: account.palette,
      }).replace(/<svg /, '<svg preserveAspectRatio="xMidYMid slice" ');
      const first = isInstagram
        ? account.name
        : `${account.fbUserName} · Page “${account.pageName}”`;
      const second = `${compact(followers)} followers · ${account.accountType === "BUSINESS" ? "Business" : "Creator"}`;
      return `<form class="account" method="post" action="${escapeHtml(view.action)}">${hiddenInputs(view.hidden)}<input type="hidden" name="account" value="${escapeHtml(account.igUserId)}"><input type="hidden" name="decision" value="allow">
<button class="pick" type="submit"><span class="avatar">${avatar}</span><span class="who"><strong>@${escapeHtml(account.username)}</strong><span>${escapeHtml(first)}</span><span>${escapeHtml(second)}</span></span><span class="cta">Continue as @${escapeHtml(account.username)} →</span></button></form>`;
    })
    .join("\n");
  const scopes = view.scopes
    .map(
      (scope) =>
        `<li>${check}<span>${escapeHtml(scopeDescriptions[scope] ?? scope)}<br><code>${escapeHtml(scope)}</code></span></li>`,
    )
    .join("");
  const body = `<main class="card">
<header>${isInstagram ? instagramLogo : facebookLogo}<h1>${isInstagram ? "Log in with Instagram" : "Continue with Facebook"}</h1>
<p class="sub">App <strong>${escapeHtml(view.hidden.client_id ?? "")}</strong> is requesting access to a professional account.</p><span class="badge">Sandbox · nothing leaves this machine</span></header>
<section><h2>Choose an account</h2>${accounts}</section>
<section><h2>The app will be able to</h2><ul class="scopes">${scopes}</ul></section>
<footer><form method="post" action="${escapeHtml(view.action)}">${hiddenInputs(view.hidden)}<input type="hidden" name="decision" value="deny"><button class="cancel" type="submit" style="width:100%">Cancel</button></form>
<small>Continuing redirects back with a single-use code valid for one hour.</small></footer></main>`;
  return layout(
    view.family,
    isInstagram ? "Instagram · Sandbox login" : "Facebook · Sandbox login",
    body,
  );
}

export function renderErrorPage(
  family: "instagram" | "facebook",
  title: string,
  message: string,
): string {
  return layout(
    family,
    title,
    `<main class="card"><div class="error">${family === "instagram" ? instagramLogo : facebookLogo}<h1>${escapeHtml(title)}</h1><p class="sub">${escapeHtml(message)}</p></div></main>`,
  );
}

/**
 * With per-user spaces (decision 015) the consent page acts only for the host's signed-in user:
 * a signed-out visitor is told to sign in first, and nothing is granted.
 */
export function renderSignInPage(family: "instagram" | "facebook", signInUrl: string): string {
  return layout(
    family,
    "Sign in first",
    `<main class="card"><div class="error">${family === "instagram" ? instagramLogo : facebookLogo}<h1>Sign in first</h1><p class="sub">This demo shows each person their own copy of the sandbox's accounts. Sign in to the app, then connect Instagram from its settings.</p><p class="sub"><a href="${escapeHtml(signInUrl)}">Go to the app</a></p></div></main>`,
  );
}
