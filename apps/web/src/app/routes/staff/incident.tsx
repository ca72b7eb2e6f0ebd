import { Link, Stack } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { DetailNotFound } from '#src/components/errors/detail-not-found.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { href } from '#src/config/paths.ts';
import { staffTicketQueryOptions } from '#src/features/staff-incidents/api/staff-incident-queries.ts';
import { StaffTicketDetail } from '#src/features/staff-incidents/components/staff-ticket-detail.tsx';
import { isApiError } from '#src/lib/errors.ts';
import '#src/features/staff-incidents/i18n.ts';

type LoaderData = { notFound: boolean } | null;

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs): Promise<LoaderData> => {
    try {
      await queryClient.ensureQueryData(staffTicketQueryOptions(Number(params.id)));
      return { notFound: false };
    } catch (error) {
      // An unknown id and one of a building the staff member does not manage answer 404 alike.
      if (isApiError(error) && error.status === 404) return { notFound: true };
      throw error;
    }
  };

/** `/sprava/incidenty/{id}`: one ticket for the staff („Incident č. {id}"). */
export default function StaffIncidentRoute() {
  const { t } = useTranslation('staffIncidents');
  const { id = '' } = useParams();
  const data = useLoaderData<LoaderData>();
  const back = (
    <Link asChild color="brand.fg" alignSelf="flex-start">
      <RouterLink to={href('staffIncidents')}>← {t('detail.back')}</RouterLink>
    </Link>
  );
  if (data?.notFound) return <DetailNotFound message={t('detail.notFound', { id })} back={back} />;
  return (
    <Stack gap="4">
      <PageTitle title={t('detail.title', { id })} />
      {back}
      <StaffTicketDetail id={Number(id)} />
    </Stack>
  );
}
