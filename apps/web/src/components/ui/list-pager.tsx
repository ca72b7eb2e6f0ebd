import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * Previous / next links and the current page under a paged list; nothing when it has one page.
 * `searchFor` gives the query string of a page of the same view (filters kept).
 */
export function ListPager({
  page,
  pages,
  searchFor,
}: {
  page: number;
  pages: number;
  searchFor: (page: number) => string;
}) {
  const { t } = useTranslation('common');
  if (pages <= 1) return null;
  return (
    <Flex as="nav" aria-label={t('pager.pagination')} mt="6" gap="3" align="center" wrap="wrap">
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          {/* The first page has no query string; '?' still navigates to it. */}
          <RouterLink to={searchFor(page - 1) || '?'}>{t('pager.previous')}</RouterLink>
        </Button>
      ) : null}
      <Text aria-current="page">{t('pager.page', { page, pages })}</Text>
      {page < pages ? (
        <Button asChild variant="outline" size="sm">
          <RouterLink to={searchFor(page + 1)}>{t('pager.next')}</RouterLink>
        </Button>
      ) : null}
    </Flex>
  );
}
