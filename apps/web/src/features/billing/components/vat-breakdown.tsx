import { Box, Heading, Table } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScrollArea } from '#src/components/ui/table-scroll-area.tsx';
import type { StatementDetail } from '../api/billing-queries.ts';
import { formatMoney, formatVatRate } from '../utils/billing-format.ts';

/**
 * The VAT breakdown of a tax document (rekapitulace DPH): per rate the base, the VAT and the
 * total as the API computed them, and their sums. Each row is named by its rate (a row header),
 * so a screen reader says „21 %, DPH, 10 005,46 Kč".
 */
export function VatBreakdown({ statement }: { statement: StatementDetail }) {
  const { t } = useTranslation('billing');
  const headingId = useId();
  const money = { textAlign: 'end', whiteSpace: 'nowrap' } as const;
  // Headers may wrap („Celkem / s DPH"); amounts never break.
  const header = { textAlign: 'end', whiteSpace: 'normal' } as const;
  return (
    <Box>
      <Heading as="h2" id={headingId} size="lg" mb="2">
        {t('vat.title')}
      </Heading>
      <TableScrollArea aria-labelledby={headingId}>
        <Table.Root size="sm" data-testid="vat-breakdown">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">{t('vat.rate')}</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" {...header}>
                {t('vat.base')}
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col" {...header}>
                {t('vat.vat')}
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col" {...header}>
                {t('vat.total')}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {statement.vat_breakdown.map((row) => (
              <Table.Row key={row.rate ?? 'none'}>
                <Table.Cell as="th" scope="row" fontWeight="normal" whiteSpace="nowrap">
                  {formatVatRate(row.rate, t('vat.none'))}
                </Table.Cell>
                <Table.Cell {...money}>{formatMoney(row.base)}</Table.Cell>
                <Table.Cell {...money}>{formatMoney(row.vat)}</Table.Cell>
                <Table.Cell {...money}>{formatMoney(row.total)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
          <Table.Footer>
            <Table.Row fontWeight="semibold">
              <Table.Cell as="th" scope="row">
                {t('vat.sum')}
              </Table.Cell>
              <Table.Cell {...money}>{formatMoney(statement.total_base)}</Table.Cell>
              <Table.Cell {...money}>{formatMoney(statement.total_vat)}</Table.Cell>
              <Table.Cell {...money}>{formatMoney(statement.total_amount)}</Table.Cell>
            </Table.Row>
          </Table.Footer>
        </Table.Root>
      </TableScrollArea>
    </Box>
  );
}
