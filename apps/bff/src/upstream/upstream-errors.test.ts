import { describe, expect, it } from 'vitest';
import { errorMessages } from '../http/errors.js';
import { upstreamErrorBody } from './upstream-errors.js';

describe('upstreamErrorBody', () => {
  it("passes on the API's 503 overloaded in the BFF's words, and masks every other 503", () => {
    const overloaded = JSON.stringify({ detail: 'Server právě zpracovává jiné fotografie…', code: 'overloaded' });
    expect(upstreamErrorBody(503, overloaded)).toEqual({
      statusCode: 503,
      body: { code: 'overloaded', message: errorMessages.overloaded },
    });
    for (const text of ['{"detail":"Traceback…","code":"internal"}', '<html>busy</html>', '']) {
      expect(upstreamErrorBody(503, text)).toEqual({
        statusCode: 503,
        body: { code: 'upstream_unavailable', message: errorMessages.upstreamUnavailable },
      });
    }
  });
});
