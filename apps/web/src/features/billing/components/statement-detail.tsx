import { Box, Flex, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { formatIban } from '@portal/payments/czech-account';
import { statementPayment } from '@portal/payments/statement-payment';
import { Button } from '@portal/ui/button';
import { useSuspenseQuery } from '@tanstack/react-query';
import { toast } from '@portal/ui/toast';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '#src/components/ui/copy-button.tsx';
import { Frame } from '#src/components/ui/frame.tsx';
import { Fact } from '#src/components/ui/fact.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { TableScrollArea } from '#src/components/ui/table-scroll-area.tsx';
import { formatDay, formatDayRange, formatNumber, formatQuantity, keepShortWordsWithNext } from '#src/lib/format.ts';
import { errorMessage, isUnauthorized } from '#src/lib/errors.ts';
import { pragueDay } from '#src/lib/prague-time.ts';
import { downloadStatementPdf, statementQueryOptions, type StatementDetail } from '../api/billing-queries.ts';
import { formatMoney, formatVatRate } from '../utils/billing-format.ts';
import { statementState } from '../utils/statement-status.ts';
import { PaymentQr } from './payment-qr.tsx';
import { SettlementFact } from './settlement-fact.tsx';
import { StatementBadge } from './statement-badge.tsx';
import { StatementParties } from './statement-parties.tsx';
import { VatBreakdown } from './vat-breakdown.tsx';

/** Statement quantities (kWh, m³…) keep up to three decimals, as meters read them. */
const QUANTITY_DIGITS = { maximumFractionDigits: 3 };

function DownloadPdfButton({ statement }: { statement: StatementDetail }) {
  const { t } = useTranslation('billing');
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadStatementPdf(statement);
    } catch (failure) {
      // A 401 is handled once, by the app's error handler (login redirect).
      if (!isUnauthorized(failure))
        toast.add({ severity: 'error', summary: t('detail.pdfFailed'), detail: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      onClick={() => void onClick()}
      loading={busy}
      loadingText={t('detail.pdfLoading')}
      alignSelf="flex-start"
    >
      {t('detail.pdf')}
    </Button>
  );
}

/** A payment fact with a button that copies it as a bank's form wants it typed. */
function CopyableFact({
  label,
  copy,
  what = label.toLowerCase(),
  children,
}: {
  label: string;
  copy: string;
  /** What the toast and the button's name call it, mid-sentence (the label in lower case). */
  what?: string;
  children: ReactNode;
}) {
  return (
    <Fact label={label}>
      <HStack gap="2" wrap="wrap">
        <span>{children}</span>
        <CopyButton value={copy} what={what} />
      </HStack>
    </Fact>
  );
}

function PaymentDetails({ statement }: { statement: StatementDetail }) {
  const { t } = useTranslation('billing');
  const headingId = useId();
  const payment = statementPayment(statement, pragueDay());
  const state = statementState(statement);
  const amount = formatMoney(payment.amount);
  return (
    <Frame as="section" aria-labelledby={headingId} p={{ base: '4', md: '6' }}>
      <Heading as="h2" id={headingId} size="lg" mb="2">
        {t('payment.title')}
      </Heading>
      {state === 'overdue' ? (
        <Text color="fg.error" fontWeight="medium" mb="3">
          {t('payment.overdue', { date: formatDay(payment.dueDate) })}
        </Text>
      ) : (
        <Text color="fg.muted" mb="3">
          {t('payment.intro')}
        </Text>
      )}
      <Flex gap="6" wrap="wrap" align="flex-start">
        <Box as="dl" display="grid" gap="3" flex="1" minW="min(100%, 16rem)" data-testid="payment-details">
          <CopyableFact label={t('payment.account')} copy={payment.account}>
            {payment.account}
          </CopyableFact>
          {payment.iban ? (
            <CopyableFact label={t('payment.iban')} what={t('payment.iban')} copy={payment.iban.replace(/\s/g, '')}>
              {formatIban(payment.iban)}
            </CopyableFact>
          ) : null}
          {/* The amount as a bank's form takes it: a decimal comma, no spaces, no currency. */}
          <CopyableFact label={t('payment.amount')} copy={payment.amount.replace('.', ',')}>
            {amount}
          </CopyableFact>
          <CopyableFact label={t('payment.variableSymbol')} copy={payment.variableSymbol}>
            {payment.variableSymbol}
          </CopyableFact>
          {payment.constantSymbol ? <Fact label={t('payment.constantSymbol')}>{payment.constantSymbol}</Fact> : null}
          <Fact label={t('payment.dueDate')}>{formatDay(payment.dueDate)}</Fact>
        </Box>
        {payment.spayd ? (
          <Stack gap="2" align="center" maxW="full">
            <PaymentQr
              spayd={payment.spayd}
              caption={t('payment.qrCaption')}
              label={t('payment.qrLabel', { amount, account: payment.account, symbol: payment.variableSymbol })}
            />
            <Text textStyle="sm" color="fg.muted" maxW="15rem" textAlign="center">
              {t('payment.qrHint')}
            </Text>
          </Stack>
        ) : (
          <Text color="fg.muted" maxW="20rem">
            {t('payment.noQr')}
          </Text>
        )}
      </Flex>
    </Frame>
  );
}

/** One statement as its document reads: facts, parties, items, VAT per rate, the PDF and – while unpaid – how to pay it. */
export function StatementDetailView({ id }: { id: number }) {
  const { t } = useTranslation('billing');
  const { data: statement } = useSuspenseQuery(statementQueryOptions(id));
  const state = statementState(statement);
  const itemsId = useId();
  const tax = statement.tax_document;
  const noRate = t('vat.none');

  return (
    <Stack gap="6">
      <PageTitle title={t('detail.title', { number: statement.number })} />
      <Stack gap="1">
        <Flex gap="3" wrap="wrap" align="center">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t('detail.title', { number: statement.number })}
          </Heading>
          <StatementBadge state={state} />
        </Flex>
        {tax ? <Text color="fg.muted">{t('detail.taxDocument')}</Text> : null}
      </Stack>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(3, 1fr)' }} gap="4">
        <Fact label={t('fields.period')}>{formatDayRange(statement.period_from, statement.period_to)}</Fact>
        <Fact label={t('fields.issuedOn')}>{formatDay(statement.issued_on)}</Fact>
        {statement.taxable_supply_date ? (
          <Fact label={t('fields.taxableSupplyDate')}>{formatDay(statement.taxable_supply_date)}</Fact>
        ) : null}
        <Fact label={t('fields.dueDate')}>{formatDay(statement.due_date)}</Fact>
        <Fact label={t('fields.total')}>{formatMoney(statement.total_amount)}</Fact>
        <Fact label={t('fields.paidAmount')}>{formatMoney(statement.paid_amount)}</Fact>
        <SettlementFact statement={statement} />
        {statement.building ? <Fact label={t('fields.building')}>{statement.building.name}</Fact> : null}
      </Box>
      <DownloadPdfButton statement={statement} />
      {statement.paid ? null : <PaymentDetails statement={statement} />}
      <StatementParties statement={statement} />
      <Box>
        <Heading as="h2" id={itemsId} size="lg" mb="2">
          {t('detail.items')}
        </Heading>
        {/* Focusable and named, so the table can be scrolled with the keyboard if a very narrow
            screen (or a large text size) makes it wider than the page. This region is the items'
            one landmark: a <section> around it named by the same heading doubled it. The scroll
            area keeps lines whole; descriptions and headers may wrap, so the table fits 360 px. */}
        <TableScrollArea aria-labelledby={itemsId}>
          <Table.Root size="sm" data-testid="statement-items">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col" whiteSpace="normal">
                  {t('items.description')}
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end" display={{ base: 'none', sm: 'table-cell' }}>
                  {t('items.quantity')}
                </Table.ColumnHeader>
                {tax ? (
                  <Table.ColumnHeader scope="col" textAlign="end" whiteSpace="normal">
                    {t('items.vatRate')}
                  </Table.ColumnHeader>
                ) : null}
                <Table.ColumnHeader scope="col" textAlign="end" whiteSpace="normal">
                  {tax ? t('items.amountWithVat') : t('items.amount')}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {statement.items.map((item, index) => {
                const quantity =
                  item.quantity === null
                    ? null
                    : item.unit
                      ? formatQuantity(Number(item.quantity), item.unit === 'm3' ? 'm³' : item.unit, QUANTITY_DIGITS)
                      : formatNumber(Number(item.quantity), QUANTITY_DIGITS);
                return (
                  <Table.Row key={`${index}-${item.description}`}>
                    <Table.Cell whiteSpace="normal">
                      {keepShortWordsWithNext(item.description)}
                      {/* On a phone the quantity goes under the description instead of its own column. */}
                      {quantity === null ? null : (
                        <Text as="span" display={{ base: 'block', sm: 'none' }} textStyle="sm" color="fg.muted">
                          {quantity}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell textAlign="end" display={{ base: 'none', sm: 'table-cell' }} whiteSpace="nowrap">
                      {quantity ?? '–'}
                    </Table.Cell>
                    {tax ? (
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        {formatVatRate(item.vat_rate, noRate)}
                      </Table.Cell>
                    ) : null}
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatMoney(item.amount)}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
            <Table.Footer>
              <Table.Row>
                <Table.Cell fontWeight="semibold">{t('items.total')}</Table.Cell>
                <Table.Cell display={{ base: 'none', sm: 'table-cell' }} />
                {tax ? <Table.Cell /> : null}
                <Table.Cell textAlign="end" fontWeight="semibold" whiteSpace="nowrap">
                  {formatMoney(statement.total_amount)}
                </Table.Cell>
              </Table.Row>
            </Table.Footer>
          </Table.Root>
        </TableScrollArea>
      </Box>
      {tax ? <VatBreakdown statement={statement} /> : null}
    </Stack>
  );
}
