import { Link, Stack, Text } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, redirect, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { DetailNotFound } from '#src/components/errors/detail-not-found.tsx';
import { PageHeading } from '#src/components/ui/page-header.tsx';
import { href } from '#src/config/paths.ts';
import { statementQueryOptions, statementsQueryOptions } from '#src/features/billing/api/billing-queries.ts';
import { StatementDetailView } from '#src/features/billing/components/statement-detail.tsx';
import { StatementsList } from '#src/features/billing/components/statements-list.tsx';
import { billingSearch, billingViewFromSearch } from '#src/features/billing/utils/billing-search.ts';
import { isApiError } from '#src/lib/errors.ts';
import '#src/features/billing/i18n.ts';

type LoaderData = { notFound: boolean } | null;

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs): Promise<LoaderData | Response> => {
    const view = billingViewFromSearch(new URL(request.url).searchParams);
    try {
      if (view.statementId !== null) {
        await queryClient.ensureQueryData(statementQueryOptions(view.statementId));
      } else {
        await queryClient.ensureQueryData(statementsQueryOptions(view.page));
      }
      return { notFound: false };
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        // A page past the end (old link, fewer statements now): the first page instead.
        if (view.statementId === null && error.code === 'invalid_page') return redirect(href('billing'));
        // Unknown and foreign statements answer 404 alike.
        return { notFound: true };
      }
      throw error;
    }
  };

/**
 * `/vyuctovani`: the tenant's billing statements. The detail of one is the same route with
 * `?id=` (the route table of docs/product.md §2 has only this path), so a statement can be linked and the browser's
 * back button returns to the list page it came from (`?strana=`).
 */
export default function BillingRoute() {
  const { t } = useTranslation('billing');
  const [searchParams] = useSearchParams();
  const view = billingViewFromSearch(searchParams);
  const data = useLoaderData<LoaderData>();

  if (view.statementId === null) {
    return (
      <Stack gap="6">
        <PageHeading title={t('title')} />
        <Text maxW="3xl">{t('intro')}</Text>
        <StatementsList page={view.page} />
      </Stack>
    );
  }

  const back = (
    <Link asChild color="brand.fg" alignSelf="flex-start">
      <RouterLink to={billingSearch({ page: view.page, statementId: null }) || href('billing')}>
        ← {t('detail.back')}
      </RouterLink>
    </Link>
  );
  if (data?.notFound) {
    return <DetailNotFound message={t('detail.notFound', { id: view.statementId })} back={back} />;
  }
  return (
    <Stack gap="4">
      {back}
      <StatementDetailView id={view.statementId} />
    </Stack>
  );
}
