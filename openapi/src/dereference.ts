/**
 * Synchronous dereferencing of the document-internal `$ref`s (`#/components/...`) our two OpenAPI
 * documents use. `@apidevtools/json-schema-ref-parser` does the same but only asynchronously;
 * `loadDocument` must stay synchronous so servers can build their routes at import time. A test
 * checks that both produce the same result on our documents.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Resolves an RFC 6901 JSON pointer (`#/a/b~1c`) against `root`. */
function resolvePointer(root: Json, ref: string): Json {
  if (!ref.startsWith('#')) {
    throw new Error(`Only document-internal $refs are supported, got "${ref}"`);
  }
  const tokens = ref === '#' ? [] : ref.slice(2).split('/');
  let node: Json = root;
  for (const raw of tokens) {
    const token = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) {
      node = node[Number(token)] ?? null;
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, token)) {
      node = node[token] as Json;
    } else {
      throw new Error(`Unresolvable $ref "${ref}"`);
    }
  }
  return node;
}

/**
 * Returns a deep copy of `document` with every `$ref` replaced by its target. Sibling keys next
 * to a `$ref` (OpenAPI 3.1 allows e.g. `description`) are laid over the target. A reference cycle
 * throws: our documents avoid recursive schemas so that every consumer (Ajv, fast-json-stringify,
 * JSON serialisation) can use the result as plain data.
 */
export function dereference<T>(document: T): T {
  const root = document as Json;
  const resolved = new Map<string, Json>();

  const visit = (node: Json, stack: readonly string[]): Json => {
    if (Array.isArray(node)) return node.map((item) => visit(item, stack));
    if (node === null || typeof node !== 'object') return node;

    const ref = node['$ref'];
    if (typeof ref === 'string') {
      if (stack.includes(ref)) {
        throw new Error(`Recursive $ref is not supported: ${[...stack, ref].join(' -> ')}`);
      }
      let target = resolved.get(ref);
      if (target === undefined) {
        target = visit(resolvePointer(root, ref), [...stack, ref]);
        resolved.set(ref, target);
      }
      const siblings = Object.entries(node).filter(([key]) => key !== '$ref');
      if (siblings.length === 0) return structuredClone(target);
      if (target === null || typeof target !== 'object' || Array.isArray(target)) {
        throw new Error(`$ref "${ref}" with sibling keys must point to an object`);
      }
      const merged: { [key: string]: Json } = structuredClone(target);
      for (const [key, value] of siblings) merged[key] = visit(value, stack);
      return merged;
    }

    const copy: { [key: string]: Json } = {};
    for (const [key, value] of Object.entries(node)) copy[key] = visit(value, stack);
    return copy;
  };

  return visit(root, []) as T;
}
