/**
 * What a page loads before it can render, from Vite's build manifest: the entry, every boot
 * stage (each dynamic import of `src/main.tsx`, see there), a route module, and all their
 * static imports. Shared by the bundle budget and the prerender (its modulepreload links).
 */

export function entryKey(manifest) {
  const key = Object.keys(manifest).find((name) => manifest[name].isEntry);
  if (!key) throw new Error('the build manifest has no entry');
  return key;
}

/** Manifest keys reachable from `roots` through static imports. */
export function staticClosure(manifest, roots) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}

/** Manifest keys of a first load: entry + boot stages + `routeModules`, with static imports. */
export function firstLoadKeys(manifest, routeModules = []) {
  const entry = entryKey(manifest);
  const missing = routeModules.filter((module) => !manifest[module]);
  if (missing.length > 0) throw new Error(`not in the build manifest: ${missing.join(', ')}`);
  return staticClosure(manifest, [entry, ...(manifest[entry].dynamicImports ?? []), ...routeModules]);
}
