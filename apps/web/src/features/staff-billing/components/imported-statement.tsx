import { Box, Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Fact } from '#src/components/ui/fact.tsx';
import { formatCurrency, formatDay, formatDayRange, formatPercent } from '#src/lib/format.ts';
import type { ImportedStatement } from '../api/staff-billing-queries.ts';

const money = (amount: string) => formatCurrency(Number(amount));

/** What was just imported, as the tenant will see it, with the way to the next import. */
export function ImportedStatementSummary({
  statement,
  tenantName,
  onAnother,
}: {
  statement: ImportedStatement;
  tenantName: string;
  onAnother: () => void;
}) {
  const { t } = useTranslation('staffBilling');
  const ref = useRef<HTMLHeadingElement>(null);
  // The result takes the focus, so it is read out after the form it replaces.
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Box
      as="section"
      aria-labelledby="imported-statement"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      p="4"
    >
      <Heading as="h2" id="imported-statement" ref={ref} tabIndex={-1} size="lg" mb="3">
        {t('created.title', { number: statement.number })}
      </Heading>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }} gap="4" mb="4">
        <Fact label={t('created.tenant')}>{tenantName}</Fact>
        <Fact label={t('created.period')}>{formatDayRange(statement.period_from, statement.period_to)}</Fact>
        <Fact label={t('created.issuedOn')}>{formatDay(statement.issued_on)}</Fact>
        <Fact label={t('created.dueDate')}>{formatDay(statement.due_date)}</Fact>
        {statement.taxable_supply_date ? (
          <Fact label={t('created.taxableSupplyDate')}>{formatDay(statement.taxable_supply_date)}</Fact>
        ) : null}
        <Fact label={t('created.total')}>{money(statement.total_amount)}</Fact>
        {statement.tax_document ? <Fact label={t('created.totalVat')}>{money(statement.total_vat)}</Fact> : null}
        <Fact label={t('created.amountDue')}>{money(statement.amount_due)}</Fact>
        <Fact label={t('created.variableSymbol')}>{statement.variable_symbol}</Fact>
      </Box>
      <Stack gap="2" mb="4">
        <Text fontWeight="semibold">{t('created.items')}</Text>
        <Table.Root size="sm">
          <Table.Body>
            {statement.items.map((item, index) => (
              // Items have no id of their own; their order is the statement's.
              <Table.Row key={index}>
                <Table.Cell>{item.description}</Table.Cell>
                {statement.tax_document ? (
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {item.vat_rate === null ? t('created.vatNone') : formatPercent(item.vat_rate / 100)}
                  </Table.Cell>
                ) : null}
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {money(item.amount)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Stack>
      <Button onClick={onAnother}>{t('created.another')}</Button>
    </Box>
  );
}
