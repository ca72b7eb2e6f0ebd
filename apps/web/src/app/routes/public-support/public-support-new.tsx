import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { publicBuildingsQueryOptions } from '#src/features/public-support/api/public-support-queries.ts';
import { PublicSupportForm } from '#src/features/public-support/components/public-support-form.tsx';
import '#src/features/public-support/i18n.ts';

export const clientLoader = (queryClient: QueryClient) => async () => {
  await queryClient.ensureQueryData(publicBuildingsQueryOptions());
  return null;
};

/** `/verejna-podpora/novy`: a new public support request. */
export default function PublicSupportNewRoute() {
  const { data: buildings } = useSuspenseQuery(publicBuildingsQueryOptions());
  return <PublicSupportForm buildings={buildings} />;
}
