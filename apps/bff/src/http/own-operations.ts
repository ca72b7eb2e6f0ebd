/**
 * Which operations of bff.yaml are the BFF's own (session, password reset, configuration, bot
 * protection: `openapi/scripts/bff-own-operations.yaml`) and which it forwards to the upstream:
 * the derived upstream operations all live under `/api/v1/`, the BFF's own ones never do.
 */
export const FORWARDED_PATH_PREFIX = '/api/v1/';

export function isOwnOperationPath(path: string): boolean {
  return !path.startsWith(FORWARDED_PATH_PREFIX);
}
