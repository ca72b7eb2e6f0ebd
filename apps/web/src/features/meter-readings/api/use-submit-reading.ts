import type { components } from '@portal/sdk/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { useSubmissionKeys } from '#src/lib/idempotency-key.ts';
import { isApiError } from '#src/lib/errors.ts';
import { meterQueryKeyPrefixes } from './meter-queries.ts';

export type ReadingCreateBody = components['schemas']['ReadingCreate'];

/**
 * POST /api/v1/readings/ (docs/product.md §3, §7: meter, value, note, picture – always null; `reason` only
 * when the tenant answered why the value is lower). One `Idempotency-Key` per submission
 * (lib/idempotency-key.ts), reused by the automatic retry and by the tenant's own: when the
 * answer is lost on the way (status 0) the POST is sent once more, and the API replays the
 * stored reading instead of adding a second; the same value submitted again does the same.
 * The form shows its own errors (no global toast). Meters and histories are refreshed whatever
 * the outcome: a refusal may come from a reading someone else has just submitted.
 */
export function useSubmitReading() {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    meta: { errorToast: false },
    retry: (failures, error) => failures < 1 && isApiError(error) && error.status === 0,
    mutationFn: async (body: ReadingCreateBody) => {
      const { data } = await apiClient.POST('/api/v1/readings/', {
        params: { header: { 'Idempotency-Key': keys.keyFor(body) } },
        // The body names `picture: null` (docs/product.md §3); openapi-fetch types a null-only
        // property as `never`, so tsc needs this assertion, which typescript-eslint misjudges.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
        body: body as Omit<ReadingCreateBody, 'picture'>,
      });
      if (!data) throw new Error('POST /api/v1/readings/ answered without a reading');
      return data;
    },
    onSuccess: () => keys.succeeded(),
    onSettled: () =>
      Promise.all(meterQueryKeyPrefixes().map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
