/**
 * The runtime feature flags and how an operation declares the one it belongs to (`x-feature`).
 *
 * Every operation of both documents declares `x-feature` explicitly, in one of three forms:
 *
 * - `x-feature: incidents` – the operation belongs to that flag: it answers 404 while the flag
 *   is off;
 * - `x-feature: [meetingRooms, publicMeetingRooms]` – shared by several features: it answers
 *   404 only while every one of them is off;
 * - `x-feature: none` – it belongs to no feature (the session, the profile, the staff area…).
 *
 * A missing or unknown value is an error: `derive-bff.ts`, the build and `loadDocument`'s
 * operation index refuse the document, so a new operation cannot slip past the flags.
 */

/**
 * The runtime feature flags of the product (docs/product.md §9), in the order the BFF's
 * configuration lists them: `x-feature` names these, and the BFF's runtime configuration
 * answers each.
 */
export const FEATURE_FLAGS = [
  'tenantLogin',
  'tenantSwitcher',
  'meterReadings',
  'billingStatements',
  'meetingRooms',
  'incidents',
  'publicSupport',
  'publicMeetingRooms',
  'maintenanceEvents',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** The value of `x-feature` for an operation that belongs to no feature. */
export const NO_FEATURE = 'none';

const isFeatureFlag = (value: unknown): value is FeatureFlag =>
  typeof value === 'string' && (FEATURE_FLAGS as readonly string[]).includes(value);

/**
 * The flags of an `x-feature` value: empty for `none`, one or more otherwise (the operation
 * is available while any of them is on). Throws, naming `where`, for anything else.
 */
export function parseFeatureDeclaration(value: unknown, where: string): FeatureFlag[] {
  if (value === NO_FEATURE) return [];
  if (isFeatureFlag(value)) return [value];
  if (Array.isArray(value) && value.length >= 2 && value.every(isFeatureFlag) && new Set(value).size === value.length) {
    return [...value];
  }
  const shown = value === undefined ? 'nothing' : JSON.stringify(value);
  throw new Error(
    `${where}: x-feature names ${shown}; expected one of ${FEATURE_FLAGS.join(', ')}, a list of two or more of them, or "${NO_FEATURE}"`,
  );
}

/** Whether an operation of these flags (parseFeatureDeclaration) is available. */
export function featureAvailable(
  features: readonly FeatureFlag[],
  flags: Readonly<Record<FeatureFlag, boolean>>,
): boolean {
  return features.length === 0 || features.some((flag) => flags[flag]);
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Checks the `x-feature` of every operation of a parsed document (and that `x-login-area`,
 * where present, is a boolean); throws one error listing every operation at fault.
 */
export function assertFeatureDeclarations(document: unknown, name: string): void {
  const paths = (document as { paths?: Record<string, Record<string, unknown>> } | null)?.paths ?? {};
  const problems: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Record<string, unknown> | undefined;
      if (!operation) continue;
      const where = `${name}: ${method.toUpperCase()} ${path} (${String(operation['operationId'])})`;
      try {
        parseFeatureDeclaration(operation['x-feature'], where);
      } catch (error) {
        problems.push((error as Error).message);
      }
      if ('x-login-area' in operation && typeof operation['x-login-area'] !== 'boolean') {
        problems.push(`${where}: x-login-area must be true or false`);
      }
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
}
