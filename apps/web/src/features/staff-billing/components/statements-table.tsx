import { Badge, Box, Button, Flex, Heading, Table, Text } from '@chakra-ui/react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SelectInput } from '#src/components/forms/inputs.tsx';
import { ListPager } from '#src/components/ui/list-pager.tsx';
import { TableScrollArea } from '#src/components/ui/table-scroll-area.tsx';
import { formatCurrency, formatDate, formatDay, formatDayRange } from '#src/lib/format.ts';
import { formText } from '#src/utils/form-data.ts';
import {
  STATEMENTS_PAGE_SIZE,
  staffStatementsQueryOptions,
  staffTenantsQueryOptions,
} from '../api/staff-billing-queries.ts';
import { filtersFromSearch, searchFor } from '../utils/statements-search.ts';

const CELL = { px: '2', py: '1.5' } as const;
const money = (amount: string) => formatCurrency(Number(amount));

/** The imported statements, newest issue first, filtered by tenant in the address (`najemce`). */
export function StatementsTable() {
  const { t } = useTranslation('staffBilling');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const { data } = useSuspenseQuery(staffStatementsQueryOptions(filters));
  const tenants = useQuery(staffTenantsQueryOptions()).data ?? [];
  const pages = Math.max(1, Math.ceil(data.total / STATEMENTS_PAGE_SIZE));
  const tenantOptions = tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }));
  if (filters.tenant !== null && !tenantOptions.some((option) => option.value === filters.tenant)) {
    tenantOptions.unshift({ value: filters.tenant, label: filters.tenant });
  }

  return (
    <Box as="section" aria-labelledby="staff-statements">
      <Heading as="h2" id="staff-statements" size="xl" mb="3">
        {t('list.title')}
      </Heading>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const tenant = formText(new FormData(event.currentTarget), 'najemce');
          setSearchParams(new URLSearchParams(searchFor({ tenant: tenant === '' ? null : tenant, page: 1 })));
        }}
      >
        <Flex gap="3" align="flex-end" wrap="wrap" mb="4">
          <Box minW="64">
            <label htmlFor="staff-statements-tenant">{t('list.filter')}</label>
            <SelectInput
              key={`${searchParams.toString()}-${tenants.length}`}
              id="staff-statements-tenant"
              name="najemce"
              defaultValue={filters.tenant ?? ''}
              placeholder={t('list.allTenants')}
              options={tenantOptions}
            />
          </Box>
          <Button type="submit">{t('list.apply')}</Button>
        </Flex>
      </form>
      {data.items.length === 0 ? (
        <Text py="4" fontSize="lg" role="status">
          {filters.tenant === null ? t('list.empty') : t('list.emptyTenant')}
        </Text>
      ) : (
        <>
          <Text color="fg.muted" mb="2" role="status">
            {t('list.total', { count: data.total })}
          </Text>
          <TableScrollArea aria-label={t('list.caption')}>
            <Table.Root size="sm" textStyle="sm" data-testid="staff-statements">
              <Table.Header>
                <Table.Row bg="bg.muted">
                  {(
                    [
                      'number',
                      'tenant',
                      'period',
                      'issuedOn',
                      'dueDate',
                      'total',
                      'state',
                      'pdf',
                      'importedAt',
                    ] as const
                  ).map((column) => (
                    <Table.ColumnHeader key={column} {...CELL} whiteSpace="nowrap">
                      {t(`list.columns.${column}`)}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.items.map((statement) => (
                  <Table.Row key={statement.id}>
                    <Table.Cell {...CELL} whiteSpace="nowrap" fontWeight="semibold">
                      {statement.number}
                    </Table.Cell>
                    <Table.Cell {...CELL} minW="32">
                      {statement.tenant.name}
                    </Table.Cell>
                    <Table.Cell {...CELL} whiteSpace="nowrap">
                      {formatDayRange(statement.period_from, statement.period_to)}
                    </Table.Cell>
                    <Table.Cell {...CELL} whiteSpace="nowrap">
                      {formatDay(statement.issued_on)}
                    </Table.Cell>
                    <Table.Cell {...CELL} whiteSpace="nowrap">
                      {formatDay(statement.due_date)}
                    </Table.Cell>
                    <Table.Cell {...CELL} whiteSpace="nowrap" textAlign="end">
                      {money(statement.total_amount)}
                    </Table.Cell>
                    <Table.Cell {...CELL}>
                      <Badge colorPalette={statement.paid ? 'green' : 'orange'} variant="surface">
                        {statement.paid ? t('list.paid') : t('list.unpaid')}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell {...CELL}>{statement.has_pdf ? t('list.pdfOwn') : t('list.pdfGenerated')}</Table.Cell>
                    <Table.Cell {...CELL} whiteSpace="nowrap">
                      <time dateTime={statement.imported_at}>{formatDate(statement.imported_at)}</time>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </TableScrollArea>
          <ListPager page={filters.page} pages={pages} searchFor={(page) => searchFor({ ...filters, page })} />
        </>
      )}
    </Box>
  );
}
