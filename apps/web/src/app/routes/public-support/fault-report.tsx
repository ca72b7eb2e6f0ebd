import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { publicBuildingsQueryOptions } from '#src/features/public-support/api/public-support-queries.ts';
import { FaultReportForm } from '#src/features/public-support/components/fault-report-form.tsx';
import '#src/features/public-support/i18n.ts';

export const clientLoader = (queryClient: QueryClient) => async () => {
  await queryClient.ensureQueryData(publicBuildingsQueryOptions());
  return null;
};

/** `/hlaseni-poruch`: a fault report for anyone in the building. */
export default function FaultReportRoute() {
  const { data: buildings } = useSuspenseQuery(publicBuildingsQueryOptions());
  return <FaultReportForm buildings={buildings} />;
}
