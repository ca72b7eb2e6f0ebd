import { Link, Stack } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { DetailNotFound } from '#src/components/errors/detail-not-found.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { isApiError } from '#src/lib/errors.ts';

type DetailLoaderData = { notFound: boolean } | null;

/**
 * The `clientLoader` of a page showing one item by its `:id`: `load` fetches it into the cache.
 * Unknown ids and ids the caller may not see (another tenant's, a building the staff member does
 * not manage) answer 404 alike; the page then says so in the words of docs/product.md §8.
 */
export const detailLoader =
  (load: (queryClient: QueryClient, id: number) => Promise<unknown>) =>
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs): Promise<DetailLoaderData> => {
    try {
      await load(queryClient, Number(params.id));
      return { notFound: false };
    } catch (error) {
      if (isApiError(error) && error.status === 404) return { notFound: true };
      throw error;
    }
  };

/** The frame of a detail page: its title, the link back to the list, and the item – or the 404. */
export function DetailPage({
  title,
  notFoundMessage,
  backTo,
  backLabel,
  notFoundElsewhere,
  children,
}: {
  title: string;
  notFoundMessage: string;
  backTo: string;
  backLabel: string;
  /** Replaces the 404 when the item is found elsewhere (another tenant of the user); gets the 404 to fall back on. */
  notFoundElsewhere?: (notFound: ReactNode, back: ReactNode) => ReactNode;
  children: ReactNode;
}) {
  const data = useLoaderData<DetailLoaderData>();
  const back = (
    <Link asChild color="brand.fg" alignSelf="flex-start">
      <RouterLink to={backTo}>← {backLabel}</RouterLink>
    </Link>
  );
  if (data?.notFound) {
    const notFound = <DetailNotFound message={notFoundMessage} back={back} />;
    return notFoundElsewhere ? notFoundElsewhere(notFound, back) : notFound;
  }
  return (
    <Stack gap="4">
      <PageTitle title={title} />
      {back}
      {children}
    </Stack>
  );
}
