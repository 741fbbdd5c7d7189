// The Content-Security-Policy forbids eval (no 'unsafe-eval'). Zod's object parser would probe
// `new Function` to speed itself up, and the probe alone is a reported CSP violation; parse
// without it. Imported first by start-app.tsx, before any module that uses a schema.
//
// Set on the object Zod keeps its configuration in (`globalThis.__zod_globalConfig`, the one
// `config()` writes; made here when Zod has not loaded yet, which Zod then keeps), so the first
// load does not fetch Zod for this: pages load Zod when they use a schema. The object is changed,
// never replaced, since a Zod already loaded holds on to it. lib/zod-config.test.ts checks both.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
