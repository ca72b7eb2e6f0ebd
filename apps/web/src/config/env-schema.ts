import { z } from 'zod';

/**
 * The public build-time settings (`VITE_*`). Vite inlines them into the bundle as constants,
 * so they are validated where they are fixed – when the dev server or the build starts
 * (vite.config.ts) – and a bad value stops it with a message naming the variable. The app
 * itself only reads the already-checked values (config/env.ts) and ships no validator.
 */
export const EnvSchema = z.object({
  /** BFF origin; empty means the same origin that served the SPA. */
  VITE_API_BASE_URL: z
    .string()
    .trim()
    .refine((value) => value === '' || URL.canParse(value), {
      error: 'VITE_API_BASE_URL must be empty or an absolute URL (e.g. https://portal.example.cz)',
    })
    .optional(),
});

export function assertValidEnv(env: Record<string, unknown>) {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    throw new Error(`Invalid environment for @portal/web:\n${z.prettifyError(result.error)}`);
  }
}
