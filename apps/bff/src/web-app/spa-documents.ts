import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';

/**
 * The HTML documents of the web app: `index.html` (the client-rendered shell, for every
 * address) and the pages the web build prerendered (`prerendered/manifest.json`, written by
 * apps/web/scripts/prerender.mjs): public pages for an anonymous visitor, and the shell of
 * tenant pages for any logged-in user with a tenant selected. Read and compressed once at
 * start-up; the build does not change while we run.
 */

/** One document, ready to send in each encoding. */
export interface EncodedDocument {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Who a page is for: no session cookie, a session with a tenant selected, or anything else (a
 * session without a tenant, or a cookie that names no live session).
 */
export type DocumentVisitor = 'anonymous' | 'tenant' | 'other';

/** What the web build assumed when it prerendered a page (apps/web/src/lib/prerender/assumptions.ts). */
export interface PrerenderAssumptions {
  /** Missing in builds from before tenant pages were prerendered: anonymous. */
  visitor?: 'anonymous' | 'tenant';
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
  visitor: 'anonymous' | 'tenant';
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
    br: brotliCompressSync(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
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
    /** By path, then by visitor. */
    private readonly prerendered: ReadonlyMap<string, ReadonlyMap<DocumentVisitor, PrerenderedPage>>,
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
    options: { config: PageConfig; onSkipped?: (path: string) => void },
  ): SpaDocuments | null {
    const indexPath = join(webDistDir, 'index.html');
    if (!existsSync(indexPath)) return null;
    const indexHtml = readFileSync(indexPath, 'utf8');
    const htmls = [indexHtml];
    const prerendered = new Map<string, Map<DocumentVisitor, PrerenderedPage>>();
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
        const visitor = page.assumes.visitor ?? 'anonymous';
        const byVisitor = prerendered.get(page.path) ?? new Map<DocumentVisitor, PrerenderedPage>();
        byVisitor.set(visitor, {
          visitor,
          ignoredSearchParams: new Set(page.ignoredSearchParams),
          document: encode(html),
        });
        prerendered.set(page.path, byVisitor);
      }
    }
    return new SpaDocuments(encode(indexHtml), prerendered, inlineScriptHashes(htmls));
  }

  /**
   * Whether the address has a page prerendered for a logged-in user: only then is it worth
   * reading the session to tell a `tenant` visitor from `other`.
   */
  hasTenantPage(url: string): boolean {
    return this.prerendered.get(pageAddress(url).pathname)?.has('tenant') ?? false;
  }

  /**
   * The document for a page address and visitor. The prerendered one only for its exact path,
   * with no query parameter other than those it ignores, and only for the kind of visitor it
   * was rendered for (an anonymous page shows the anonymous state, a tenant page the logged-in
   * menu); everything else gets the shell and the client router decides, as before.
   */
  documentFor(url: string, visitor: DocumentVisitor): EncodedDocument {
    const parsed = pageAddress(url);
    const page = this.prerendered.get(parsed.pathname)?.get(visitor);
    if (!page) return this.index;
    for (const name of parsed.searchParams.keys()) {
      if (!page.ignoredSearchParams.has(name)) return this.index;
    }
    return page.document;
  }
}

/**
 * A request target as a URL on a fixed origin. Concatenated, never resolved against a base:
 * `//a:99999` resolved would be another host (with an invalid port, so `new URL` throws),
 * whereas it is only a path here.
 */
function pageAddress(url: string): URL {
  return new URL(`http://localhost${url.startsWith('/') ? url : `/${url}`}`);
}

/**
 * Sends an HTML document of the app with the page headers (set for every non-API answer by
 * plugins/app/security-headers.ts: CSP, HSTS…), revalidated on every load, compressed when the
 * browser accepts it. It differs by cookie (prerendered only without a session), so shared
 * caches must key on it.
 */
export function sendDocument(reply: FastifyReply, document: EncodedDocument, acceptEncoding: string | undefined) {
  const encoding = pickEncoding(acceptEncoding);
  reply
    .code(200)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie')
    .type('text/html; charset=utf-8');
  if (encoding === null) return reply.send(document.identity);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? document.br : document.gzip);
}

/** The build id the web app was stamped with (`build-meta.json`), used to detect new deployments. */
export function readBuildId(webDistDir: string): string | null {
  const metaPath = join(webDistDir, 'build-meta.json');
  if (!existsSync(metaPath)) return null;
  try {
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as { buildId?: unknown };
    return typeof meta.buildId === 'string' ? meta.buildId : null;
  } catch {
    return null;
  }
}
