import { type ResolveFnOutput, registerHooks } from 'node:module';
import v8 from 'node:v8';

/** V8's own value of --semi-space-growth-factor, given back once the server listens. */
const DEFAULT_SEMI_SPACE_GROWTH_FACTOR = 2;

/**
 * Keeps what starting the server leaves resident small (ADR 033). Call it before the app's modules are
 * imported, and what it returns once the server listens.
 *
 * V8 grows its young generation (up to 128 MB on Node 24) while the start allocates: modules,
 * migrations, the first-start data. An idle process never gives those pages back (V8's memory reducer
 * waits for a lower allocation rate, which it measures only at collections that no longer come), so
 * the start left ~110 MB resident for nothing. A growth factor of 1 holds the young generation at its
 * first size until the server listens; after that it grows under load as usual.
 */
export function limitStartupMemory(): () => void {
  resolveDrizzleWithoutItsManifest();
  deferSwaggerYaml();
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  return () => v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_SEMI_SPACE_GROWTH_FACTOR}`);
}

const DEFERRED_YAML = new URL('./deferred-yaml.cjs', import.meta.url).href;

/**
 * @fastify/swagger and @fastify/swagger-ui require `yaml` when they load, for documents served only
 * on request: they get deferred-yaml.cjs, which requires it at the first YAML document.
 */
function deferSwaggerYaml(): void {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === 'yaml' && context.parentURL?.includes('/node_modules/@fastify/swagger')) {
        return { url: DEFERRED_YAML, format: 'commonjs', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
  });
}

const DRIZZLE_FILES = '/node_modules/drizzle-orm/';
const RELATIVE_JS = /^\.\.?\/.*\.js$/;
const DRIZZLE_SPECIFIER = /^drizzle-orm(\/|$)/;

function isDrizzleFile(url: string | undefined): boolean {
  return url?.startsWith('file:') === true && url.includes(DRIZZLE_FILES) && url.endsWith('.js');
}

/**
 * Node 24 parses a package's whole `exports` again each time it resolves or loads one of the package's
 * files or a specifier naming it. drizzle-orm's package.json is 179 KB and the app loads ~110 of its
 * files from ~45 imports: 168 MB of garbage and about a second of start, for the same answers each time.
 * - drizzle's files import one another by relative paths with the extension, and are ES modules (its
 *   `"type": "module"`): those are resolved here, as Node would.
 * - The app's files all resolve `drizzle-orm` and its subpaths to the same files: once each.
 */
function resolveDrizzleWithoutItsManifest(): void {
  const resolved = new Map<string, ResolveFnOutput>();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (isDrizzleFile(context.parentURL) && RELATIVE_JS.test(specifier)) {
        return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
      }
      if (DRIZZLE_SPECIFIER.test(specifier) && !context.parentURL?.includes('/node_modules/')) {
        const key = `${specifier} ${context.conditions.join()}`;
        const known = resolved.get(key) ?? nextResolve(specifier, context);
        resolved.set(key, known);
        return { ...known, shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
    load(url, context, nextLoad) {
      return nextLoad(url, isDrizzleFile(url) ? { ...context, format: 'module' } : context);
    },
  });
}
