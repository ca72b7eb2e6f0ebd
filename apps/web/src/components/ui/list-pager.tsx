import { Button, Flex, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

export interface ListPagerLabels {
  /** Name of the pager's navigation landmark. */
  pagination: string;
  previous: string;
  next: string;
  /** "Strana 2 z 5". */
  current: string;
}

/**
 * Previous / next links and the current page under a paged list; nothing when it has one page.
 * `searchFor` gives the query string of a page of the same view (filters kept).
 */
export function ListPager({
  page,
  pages,
  searchFor,
  labels,
}: {
  page: number;
  pages: number;
  searchFor: (page: number) => string;
  labels: ListPagerLabels;
}) {
  if (pages <= 1) return null;
  return (
    <Flex as="nav" aria-label={labels.pagination} mt="6" gap="3" align="center" wrap="wrap">
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          {/* The first page has no query string; '?' still navigates to it. */}
          <RouterLink to={searchFor(page - 1) || '?'}>{labels.previous}</RouterLink>
        </Button>
      ) : null}
      <Text aria-current="page">{labels.current}</Text>
      {page < pages ? (
        <Button asChild variant="outline" size="sm">
          <RouterLink to={searchFor(page + 1)}>{labels.next}</RouterLink>
        </Button>
      ) : null}
    </Flex>
  );
}
