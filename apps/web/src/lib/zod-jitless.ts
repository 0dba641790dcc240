/**
 * Zod builds a compiled parser for object schemas with `new Function` once a probe has found that
 * the page may evaluate strings. Our Content-Security-Policy allows no `unsafe-eval`, so the
 * probe fails, and the browser reports that as a policy violation (a `securitypolicyviolation`
 * event, a console message) on every load that builds a schema. Saying that zod runs without
 * compiling, before any schema is built, skips the probe; parsing is what it already was here
 * (the interpreted path). The server has no such policy and keeps the compiled parsers.
 *
 * Zod keeps its settings in one object on `globalThis`, which it creates only if absent, so the
 * entry sets it here without loading any of zod (importing zod's `config` would put 5 kB gzip of
 * zod's core into the entry). Should zod move that object, the journeys' check for policy
 * violations (e2e/fixtures/test.ts) fails.
 */
import type { $ZodConfig } from 'zod/v4/core';

const zodGlobal = globalThis as { __zod_globalConfig?: $ZodConfig };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
