import type { RuntimeConfig, Session } from '@portal/sdk/client';
import type { FeatureFlag } from '#src/config/paths.ts';

/**
 * Who a prerendered page was rendered for: an anonymous visitor, or any logged-in user with a
 * tenant selected (the tenant pages' shell: header, menu, headings and forms, with the account
 * controls and all API data left to the browser, so nothing in it is personal).
 */
export type PrerenderVisitor = 'anonymous' | 'tenant';

/**
 * What a prerendered page was rendered for. Pages are prerendered at build time for one kind of
 * visitor with the BFF's default flags; while rendering, every flag the page read is recorded,
 * so a page is only claimed for a configuration that renders it identically. The BFF serves the
 * prerendered file only when these hold (for `tenant`, when the session cookie names a session
 * with a tenant selected); the client checks them again against `/api/config` and
 * `/api/session` before hydrating.
 */
export interface PrerenderAssumptions {
  visitor: PrerenderVisitor;
  /** The flags the page read while rendering, with the value they had. */
  features: Partial<Record<FeatureFlag, boolean>>;
  /** Present when the page read it. */
  hideTenantLogin?: boolean;
}

/** The marker on `#root` of a prerendered page (`data-prerendered`, JSON). */
export interface PrerenderMarker {
  /** The pathname the page was rendered for. */
  path: string;
  assumes: PrerenderAssumptions;
}

export const PRERENDER_ATTRIBUTE = 'data-prerendered';

/**
 * Set on <html> once React owns the page (src/app/start.tsx). The prerendered page's loader
 * (scripts/prerender.mjs) stops native form submission until then.
 */
export const STARTED_ATTRIBUTE = 'data-app-started';

/** Marks a form the loader held because it was submitted before the app started. */
export const PENDING_SUBMIT_ATTRIBUTE = 'data-submit-pending';

export function readPrerenderMarker(container: HTMLElement): PrerenderMarker | null {
  const raw = container.getAttribute(PRERENDER_ATTRIBUTE);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PrerenderMarker;
  } catch {
    return null;
  }
}

/** Does the visitor's real state render the page exactly as it was prerendered? */
export function assumptionsHold(
  assumes: PrerenderAssumptions,
  config: RuntimeConfig,
  session: Session | null,
): boolean {
  const visitor: PrerenderVisitor | 'other' =
    session === null ? 'anonymous' : session.selectedTenantId ? 'tenant' : 'other';
  if (visitor !== assumes.visitor) return false;
  if (assumes.hideTenantLogin !== undefined && assumes.hideTenantLogin !== config.hideTenantLogin) return false;
  return Object.entries(assumes.features).every(([flag, value]) => config.features[flag as FeatureFlag] === value);
}
