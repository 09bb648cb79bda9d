// Zod compiles fast object parsers with `new Function` and probes for it first.
// The content security policy allows no eval, so even the caught probe is
// reported as a violation: parse without it (decision 0019). Imported first by
// main.tsx, before any contract schema is built.
//
// Zod reads its settings from `globalThis.__zod_globalConfig` (one object shared
// by every copy of zod on a page). Setting the flag there instead of importing
// `config` keeps zod out of the first screen's chunk; zod-jitless.test.ts checks
// that zod still honours it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
