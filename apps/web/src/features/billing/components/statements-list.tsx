import { Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Frame } from '#src/components/ui/frame.tsx';
import { Fact } from '#src/components/ui/fact.tsx';
import { formatDay, formatDayRange } from '#src/lib/format.ts';
import { PlainList } from '#src/components/ui/plain-list.tsx';
import { summarizeUnpaid, unpaidStatementsQueryOptions } from '../api/billing-attention.ts';
import { STATEMENTS_PAGE_SIZE, statementsQueryOptions } from '../api/billing-queries.ts';
import { formatMoney } from '../utils/billing-format.ts';
import { billingSearch } from '../utils/billing-search.ts';
import { statementState } from '../utils/statement-status.ts';
import { SettlementFact } from './settlement-fact.tsx';
import { StatementBadge } from './statement-badge.tsx';

/**
 * What the tenant still owes across all statements, above the list: the exact total, and how
 * many are overdue. Left out while it loads or if it cannot be loaded (the list says the rest).
 */
function OutstandingTotal() {
  const { t } = useTranslation('billing');
  const { data } = useQuery(unpaidStatementsQueryOptions());
  if (!data) return null;
  const summary = summarizeUnpaid(data);
  if (!summary) return <Text mb="3">{t('outstanding.allPaid')}</Text>;
  return (
    <Frame highlight={summary.overdue > 0 ? 'border.error' : undefined} mb="4" data-testid="outstanding-total">
      <Text fontWeight="semibold">
        {t('outstanding.total', { count: summary.count, amount: formatMoney(summary.amountDue) })}
      </Text>
      {summary.overdue > 0 ? (
        <Text color="fg.error">{t('outstanding.overdue', { count: summary.overdue })}</Text>
      ) : null}
    </Frame>
  );
}

/** The tenant's statements, newest first, a page at a time; each opens its detail (`?id=`). */
export function StatementsList({ page }: { page: number }) {
  const { t } = useTranslation('billing');
  const { data } = useSuspenseQuery(statementsQueryOptions(page));
  const pages = Math.max(1, Math.ceil(data.total / STATEMENTS_PAGE_SIZE));
  const headingId = useId();

  return (
    <Box as="section" aria-labelledby={headingId}>
      <OutstandingTotal />
      <Heading as="h2" id={headingId} size="md" mb="1">
        {t('list.caption')}
      </Heading>
      {data.items.length === 0 ? (
        <Text py="6" fontSize="lg" role="status">
          {t('list.empty')}
        </Text>
      ) : (
        <>
          <Text color="fg.muted" mb="3" role="status">
            {t('list.total', { count: data.total })}
          </Text>
          <PlainList gap="3" data-testid="statements">
            {data.items.map((statement) => {
              const state = statementState(statement);
              return (
                <Frame as="li" key={statement.id} highlight={state === 'overdue' ? 'border.error' : undefined}>
                  <Flex gap="3" wrap="wrap" align="center" justify="space-between">
                    <Link asChild fontWeight="semibold" fontSize="lg" color="brand.fg">
                      <RouterLink to={billingSearch({ page, statementId: statement.id })}>
                        {t('list.statement', { period: formatDayRange(statement.period_from, statement.period_to) })}
                      </RouterLink>
                    </Link>
                    <StatementBadge state={state} />
                  </Flex>
                  <Box
                    as="dl"
                    display="grid"
                    gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }}
                    gap="3"
                    mt="3"
                  >
                    <Fact label={t('fields.number')}>{statement.number}</Fact>
                    <Fact label={t('fields.total')}>{formatMoney(statement.total_amount)}</Fact>
                    <Fact label={t('fields.dueDate')}>{formatDay(statement.due_date)}</Fact>
                    <SettlementFact statement={statement} />
                  </Box>
                </Frame>
              );
            })}
          </PlainList>
        </>
      )}
      {pages > 1 ? (
        <Flex as="nav" aria-label={t('list.pagination')} mt="6" gap="3" align="center" wrap="wrap">
          {page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <RouterLink to={billingSearch({ page: page - 1, statementId: null }) || '?'}>
                {t('list.previous')}
              </RouterLink>
            </Button>
          ) : null}
          <Text aria-current="page">{t('list.page', { page, pages })}</Text>
          {page < pages ? (
            <Button asChild variant="outline" size="sm">
              <RouterLink to={billingSearch({ page: page + 1, statementId: null })}>{t('list.next')}</RouterLink>
            </Button>
          ) : null}
        </Flex>
      ) : null}
    </Box>
  );
}
