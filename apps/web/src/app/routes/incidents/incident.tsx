import { Link, Stack } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { DetailNotFound } from '#src/components/errors/detail-not-found.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { href } from '#src/config/paths.ts';
import { incidentQueryOptions } from '#src/features/incidents/api/incident-queries.ts';
import { IncidentDetailView } from '#src/features/incidents/components/incident-detail.tsx';
import { isApiError } from '#src/lib/errors.ts';
import '#src/features/incidents/i18n.ts';

type LoaderData = { notFound: boolean } | null;

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs): Promise<LoaderData> => {
    try {
      await queryClient.ensureQueryData(incidentQueryOptions(Number(params.id)));
      return { notFound: false };
    } catch (error) {
      // Unknown and foreign ids answer 404 alike; the page says so in the words of docs/product.md §8.
      if (isApiError(error) && error.status === 404) return { notFound: true };
      throw error;
    }
  };

/** `/hlaseni-incidentu/{id}`: one incident. */
export default function IncidentRoute() {
  const { t } = useTranslation('incidents');
  const { id = '' } = useParams();
  const data = useLoaderData<LoaderData>();
  const back = (
    <Link asChild color="brand.fg" alignSelf="flex-start">
      <RouterLink to={href('incidents')}>← {t('detail.back')}</RouterLink>
    </Link>
  );

  if (data?.notFound) {
    return <DetailNotFound message={t('detail.notFound', { id })} back={back} />;
  }

  return (
    <Stack gap="4">
      <PageTitle title={t('detail.title', { id })} />
      {back}
      <IncidentDetailView id={Number(id)} />
    </Stack>
  );
}
