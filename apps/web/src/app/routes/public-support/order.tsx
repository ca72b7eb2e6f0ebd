import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { publicBuildingsQueryOptions } from '#src/features/public-support/api/public-support-queries.ts';
import { OrderForm } from '#src/features/public-support/components/order-form.tsx';
import '#src/features/public-support/i18n.ts';

export const clientLoader = (queryClient: QueryClient) => async () => {
  await queryClient.ensureQueryData(publicBuildingsQueryOptions());
  return null;
};

/** `/order`: the public order form for the operator's services. */
export default function OrderRoute() {
  const { data: buildings } = useSuspenseQuery(publicBuildingsQueryOptions());
  return <OrderForm buildings={buildings} />;
}
