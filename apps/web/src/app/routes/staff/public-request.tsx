import { Link, Stack } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { DetailNotFound } from '#src/components/errors/detail-not-found.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { href } from '#src/config/paths.ts';
import { staffRequestQueryOptions } from '#src/features/staff-public-support/api/staff-public-support-queries.ts';
import { StaffRequestDetail } from '#src/features/staff-public-support/components/request-detail.tsx';
import { isApiError } from '#src/lib/errors.ts';
import '#src/features/staff-public-support/i18n.ts';

type LoaderData = { notFound: boolean } | null;

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs): Promise<LoaderData> => {
    try {
      await queryClient.ensureQueryData(staffRequestQueryOptions(Number(params.id)));
      return { notFound: false };
    } catch (error) {
      // An unknown id and one of a building the staff member does not manage answer 404 alike.
      if (isApiError(error) && error.status === 404) return { notFound: true };
      throw error;
    }
  };

/** `/sprava/verejna-podpora/{id}`: one public request for the staff („Požadavek č. {id}"). */
export default function StaffPublicRequestRoute() {
  const { t } = useTranslation('staffPublicSupport');
  const { id = '' } = useParams();
  const data = useLoaderData<LoaderData>();
  const back = (
    <Link asChild color="brand.fg" alignSelf="flex-start">
      <RouterLink to={href('staffPublicSupport')}>← {t('detail.back')}</RouterLink>
    </Link>
  );
  if (data?.notFound) return <DetailNotFound message={t('detail.notFound', { id })} back={back} />;
  return (
    <Stack gap="4">
      <PageTitle title={t('detail.title', { id })} />
      {back}
      <StaffRequestDetail id={Number(id)} />
    </Stack>
  );
}
