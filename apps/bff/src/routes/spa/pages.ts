import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * The HTML documents of the web app: `index.html` (the client-rendered shell, for every
 * address) and the pages the web build prerendered for an anonymous visitor
 * (`prerendered/manifest.json`, written by apps/web/scripts/prerender.mjs). Read and
 * compressed once at start-up; the build does not change while we run.
 */

/** One document, ready to send in each encoding. */
export interface EncodedDocument {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** What the web build assumed when it prerendered a page (apps/web/src/lib/prerender/assumptions.ts). */
export interface PrerenderAssumptions {
  features: Record<string, boolean>;
  hideTenantLogin?: boolean;
}

interface ManifestPage {
  path: string;
  file: string;
  ignoredSearchParams: string[];
  assumes: PrerenderAssumptions;
}

interface PrerenderedPage {
  ignoredSearchParams: ReadonlySet<string>;
  document: EncodedDocument;
}

/** The part of the BFF's configuration a prerendered page can depend on. */
export interface PageConfig {
  features: Readonly<Record<string, boolean>>;
  hideTenantLogin: boolean;
}

function encode(html: string): EncodedDocument {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** CSP source expressions (`'sha256-…'`) for the inline scripts of the given documents. */
export function inlineScriptHashes(documents: readonly string[]): string[] {
  const hashes = new Set<string>();
  for (const html of documents) {
    for (const [, body = ''] of html.matchAll(INLINE_SCRIPT)) {
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

export function assumptionsHold(assumes: PrerenderAssumptions, config: PageConfig): boolean {
  if (assumes.hideTenantLogin !== undefined && assumes.hideTenantLogin !== config.hideTenantLogin) return false;
  return Object.entries(assumes.features).every(([flag, value]) => config.features[flag] === value);
}

/** Picks the encoding to send: brotli, then gzip, else none (a `q=0` refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

export class SpaDocuments {
  /** CSP hashes of every inline script these documents contain (the prerendered pages' loader). */
  readonly scriptHashes: readonly string[];
  /** Paths served prerendered with this configuration. */
  readonly prerenderedPaths: readonly string[];

  private constructor(
    private readonly index: EncodedDocument,
    private readonly prerendered: ReadonlyMap<string, PrerenderedPage>,
    private readonly sessionCookie: string,
    scriptHashes: string[],
  ) {
    this.scriptHashes = scriptHashes;
    this.prerenderedPaths = [...prerendered.keys()];
  }

  /**
   * Null when the web app was not built (API-only deployments, tests). Prerendered pages whose
   * assumptions this configuration breaks (a flag they read is off) are left out: those
   * addresses get the client-rendered shell, which is always right.
   */
  static load(
    webDistDir: string,
    options: { config: PageConfig; sessionCookie: string; onSkipped?: (path: string) => void },
  ): SpaDocuments | null {
    const indexPath = join(webDistDir, 'index.html');
    if (!existsSync(indexPath)) return null;
    const indexHtml = readFileSync(indexPath, 'utf8');
    const htmls = [indexHtml];
    const prerendered = new Map<string, PrerenderedPage>();
    const manifestPath = join(webDistDir, 'prerendered', 'manifest.json');
    if (existsSync(manifestPath)) {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { pages: ManifestPage[] };
      for (const page of manifest.pages) {
        if (!assumptionsHold(page.assumes, options.config)) {
          options.onSkipped?.(page.path);
          continue;
        }
        const html = readFileSync(join(webDistDir, 'prerendered', page.file), 'utf8');
        htmls.push(html);
        prerendered.set(page.path, { ignoredSearchParams: new Set(page.ignoredSearchParams), document: encode(html) });
      }
    }
    return new SpaDocuments(encode(indexHtml), prerendered, options.sessionCookie, inlineScriptHashes(htmls));
  }

  /**
   * The document for a page address. The prerendered one only for its exact path, with no
   * query parameter other than those it ignores, and only for a visitor without a session
   * cookie (it shows the anonymous state); everything else gets the shell and the client
   * router decides, as before.
   */
  documentFor(url: string, cookies: Readonly<Record<string, string | undefined>>): EncodedDocument {
    if (cookies[this.sessionCookie] !== undefined) return this.index;
    const parsed = new URL(url, 'http://localhost');
    const page = this.prerendered.get(parsed.pathname);
    if (!page) return this.index;
    for (const name of parsed.searchParams.keys()) {
      if (!page.ignoredSearchParams.has(name)) return this.index;
    }
    return page.document;
  }
}
