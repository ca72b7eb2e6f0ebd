import type { FastifyReply } from 'fastify';
import { drfError } from '../domain/errors.js';
import type { Page } from '../domain/queries.js';

/**
 * The one way to answer a paged list (docs/architecture.md §3): `page` from 1, `page_size` 20 by
 * default and at most 100, a bare array plus `X-Total-Count`, a page past the end is 404
 * `invalid_page` (upstream.yaml `Page`/`PageSize`, DRF's PageNumberPagination).
 */

export interface PageQuery {
  page?: number | undefined;
  page_size?: number | undefined;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export function pageOf(query: PageQuery): Page {
  const page = query.page ?? 1;
  const limit = Math.min(query.page_size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  return { page, limit, offset: (page - 1) * limit };
}

/** A page past the end is 404 `invalid_page`; page 1 always exists, even of an empty list. */
export function assertPageExists(page: Page, total: number): void {
  if (page.page > 1 && page.offset >= total) {
    throw drfError(404, 'invalid_page', 'Neplatná stránka: tolik položek seznam nemá.');
  }
}

/**
 * Checks that the page exists and sets `X-Total-Count` to the size of the whole filtered list;
 * send the page's items on the reply it returns: `return paged(reply, page, total).send(items)`.
 */
export function paged<Reply extends Pick<FastifyReply, 'header'>>(reply: Reply, page: Page, total: number): Reply {
  assertPageExists(page, total);
  reply.header('x-total-count', String(total));
  return reply;
}

/**
 * Sends JSON text built elsewhere (the ticket list's page, built by PostgreSQL) as it is: with a
 * JSON content type Fastify sends a string without serialising it again.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
