import { config } from "zod";

// The Content-Security-Policy forbids eval (no 'unsafe-eval'). Zod's object parser would probe
// `new Function` to speed itself up, and the probe alone is a reported CSP violation; parse
// without it. Imported first by start-app.tsx, before any module that uses a schema.
config({ jitless: true });
