import { Box, Flex, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { toast } from '@portal/ui/toast';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { Fieldset } from '#src/components/forms/fieldset.tsx';
import { FormSection } from '#src/components/forms/form-section.tsx';
import { SelectField } from '#src/components/forms/select-field.tsx';
import { useFieldProps } from '#src/components/forms/use-field-props.ts';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { formSummaryItems, type ErrorSummaryItem } from '#src/components/ui/error-summary.tsx';
import { UploadProgress } from '#src/components/ui/upload-progress.tsx';
import { errorMessage, isApiError, isUnauthorized } from '#src/lib/errors.ts';
import { formatCurrency, formatDay, formatPercent } from '#src/lib/format.ts';
import { formatDayInput, parseDayInput, pragueDay } from '#src/lib/prague-time.ts';
import {
  staffBuildingsQueryOptions,
  staffTenantsQueryOptions,
  staffVatRatesQueryOptions,
  type ImportedStatement,
  type StatementImport,
  type VatRate,
} from '../api/staff-billing-queries.ts';
import { useImportStatement } from '../api/use-import-statement.ts';
import { parseMoneyInput, parseQuantityInput } from '../utils/amount-input.ts';

const FIELD_IDS = {
  tenant: 'statement-tenant',
  building: 'statement-building',
  number: 'statement-number',
  periodFrom: 'statement-period-from',
  periodTo: 'statement-period-to',
  issuedOn: 'statement-issued-on',
  dueDate: 'statement-due-date',
  taxableSupplyDate: 'statement-taxable-supply-date',
  bankAccount: 'statement-bank-account',
  iban: 'statement-iban',
  variableSymbol: 'statement-variable-symbol',
  constantSymbol: 'statement-constant-symbol',
  paidAmount: 'statement-paid-amount',
  paidOn: 'statement-paid-on',
} as const;
const PDF_ID = 'statement-pdf';
const itemId = (index: number, part: keyof ItemValues) => `statement-item-${index}-${part}`;
/** API field → form field, for the server's field errors. */
const SERVER_FIELDS = {
  tenant: 'tenant',
  building: 'building',
  number: 'number',
  period_from: 'periodFrom',
  period_to: 'periodTo',
  issued_on: 'issuedOn',
  due_date: 'dueDate',
  taxable_supply_date: 'taxableSupplyDate',
  bank_account: 'bankAccount',
  iban: 'iban',
  variable_symbol: 'variableSymbol',
  constant_symbol: 'constantSymbol',
  paid_amount: 'paidAmount',
  paid_on: 'paidOn',
  pdf: 'pdf',
} as const;

const NUMBER_MAX = 50;
const ITEM_DESCRIPTION_MAX = 200;
const UNIT_MAX = 20;
const PDF_MAX_BYTES = 10 * 1024 * 1024;
const BANK_ACCOUNT = /^(\d{1,6}-)?\d{2,10}\/\d{4}$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,38}$/;
const SYMBOL = /^\d{1,10}$/;

const itemFields = z.object({
  description: z.string(),
  quantity: z.string(),
  unit: z.string(),
  amount: z.string(),
  /** A rate in percent, `none` (not subject to VAT), or empty while not chosen. */
  vatRate: z.string(),
});
type ItemValues = z.input<typeof itemFields>;
const fields = z.object({
  tenant: z.string(),
  building: z.string(),
  number: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  issuedOn: z.string(),
  dueDate: z.string(),
  taxableSupplyDate: z.string(),
  bankAccount: z.string(),
  iban: z.string(),
  variableSymbol: z.string(),
  constantSymbol: z.string(),
  paidAmount: z.string(),
  paidOn: z.string(),
  items: z.array(itemFields),
  pdf: z.unknown(),
});
type Values = z.input<typeof fields>;
type Problem = { path: (string | number)[]; message: string };

/** The item's rate choice for „not subject to VAT" (the contract's `vat_rate: null`). */
const NO_VAT = 'none';
const EMPTY_ITEM: ItemValues = { description: '', quantity: '', unit: '', amount: '', vatRate: '' };
const EMPTY: Values = {
  tenant: '',
  building: '',
  number: '',
  periodFrom: '',
  periodTo: '',
  issuedOn: '',
  dueDate: '',
  taxableSupplyDate: '',
  bankAccount: '',
  iban: '',
  variableSymbol: '',
  constantSymbol: '',
  paidAmount: '',
  paidOn: '',
  items: [EMPTY_ITEM],
  pdf: undefined,
};

const pdfOf = (value: unknown): File | null =>
  value instanceof FileList ? (value.item(0) ?? null) : value instanceof File ? value : null;
const compactIban = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * The day whose VAT rates apply (the taxable supply day, else the period's last day, as the API
 * decides), as `YYYY-MM-DD`; today while neither is typed yet.
 */
function taxDayOf(values: Pick<Values, 'taxableSupplyDate' | 'periodTo'>): string {
  return parseDayInput(values.taxableSupplyDate) ?? parseDayInput(values.periodTo) ?? pragueDay();
}

/** The rates in force on a day, highest first (the API lists them so). */
const ratesOn = (rates: readonly VatRate[], day: string) => [
  ...new Set(
    rates
      .filter((rate) => rate.valid_from <= day && (rate.valid_to === null || day <= rate.valid_to))
      .map((rate) => rate.rate),
  ),
];

/** Every rule of the import (the contract's and the command line's), one message per field. */
function problems(t: TFunction<'staffBilling'>, values: Values, rates: readonly VatRate[] | undefined): Problem[] {
  const found: Problem[] = [];
  const add = (path: Problem['path'], message: string) => found.push({ path, message });
  const example = formatDayInput(pragueDay());
  const day = (
    name: 'periodFrom' | 'periodTo' | 'issuedOn' | 'dueDate' | 'taxableSupplyDate' | 'paidOn',
    required?: string,
  ) => {
    const text = values[name].trim();
    if (text === '') {
      if (required) add([name], required);
      return null;
    }
    const parsed = parseDayInput(text);
    if (parsed === null) add([name], t('import.errors.dayInvalid', { example }));
    return parsed;
  };
  if (values.tenant === '') add(['tenant'], t('import.errors.tenantRequired'));
  const number = values.number.trim();
  if (number === '') add(['number'], t('import.errors.numberRequired'));
  else if (number.length > NUMBER_MAX) add(['number'], t('import.errors.numberTooLong'));
  const periodFrom = day('periodFrom', t('import.errors.periodFromRequired'));
  const periodTo = day('periodTo', t('import.errors.periodToRequired'));
  if (periodFrom && periodTo && periodTo < periodFrom) add(['periodTo'], t('import.errors.periodReversed'));
  const issuedOn = day('issuedOn', t('import.errors.issuedOnRequired'));
  const dueDate = day('dueDate', t('import.errors.dueDateRequired'));
  if (issuedOn && dueDate && dueDate < issuedOn) add(['dueDate'], t('import.errors.dueBeforeIssued'));
  day('taxableSupplyDate');
  const taxDay = taxDayOf(values);
  const inForce = rates === undefined ? null : ratesOn(rates, taxDay);
  const account = values.bankAccount.replace(/\s+/g, '');
  if (account === '') add(['bankAccount'], t('import.errors.bankAccountRequired'));
  else if (!BANK_ACCOUNT.test(account)) add(['bankAccount'], t('import.errors.bankAccountInvalid'));
  const iban = compactIban(values.iban);
  if (iban === '') add(['iban'], t('import.errors.ibanRequired'));
  else if (!IBAN.test(iban)) add(['iban'], t('import.errors.ibanInvalid'));
  const variable = values.variableSymbol.trim();
  if (variable === '') add(['variableSymbol'], t('import.errors.variableSymbolRequired'));
  else if (!SYMBOL.test(variable)) add(['variableSymbol'], t('import.errors.symbolInvalid'));
  const constant = values.constantSymbol.trim();
  if (constant !== '' && !SYMBOL.test(constant)) add(['constantSymbol'], t('import.errors.symbolInvalid'));
  const paid = values.paidAmount.trim();
  if (paid !== '' && parseMoneyInput(paid) === null) add(['paidAmount'], t('import.errors.amountInvalid'));
  const paidOn = day('paidOn');
  if (paidOn && paid === '') add(['paidOn'], t('import.errors.paidOnWithoutAmount'));
  values.items.forEach((item, index) => {
    const number = index + 1;
    const description = item.description.trim();
    if (description === '')
      add(['items', index, 'description'], t('import.errors.itemDescriptionRequired', { number }));
    else if (description.length > ITEM_DESCRIPTION_MAX) {
      add(['items', index, 'description'], t('import.errors.itemDescriptionTooLong', { number }));
    }
    if (item.quantity.trim() !== '' && parseQuantityInput(item.quantity) === null) {
      add(['items', index, 'quantity'], t('import.errors.itemQuantityInvalid', { number }));
    }
    if (item.unit.trim().length > UNIT_MAX)
      add(['items', index, 'unit'], t('import.errors.itemUnitTooLong', { number }));
    if (item.amount.trim() === '') add(['items', index, 'amount'], t('import.errors.itemAmountRequired', { number }));
    else if (parseMoneyInput(item.amount) === null) {
      add(['items', index, 'amount'], t('import.errors.itemAmountInvalid', { number }));
    }
    if (item.vatRate === '') add(['items', index, 'vatRate'], t('import.errors.itemVatRateRequired', { number }));
    else if (item.vatRate !== NO_VAT && inForce !== null && !inForce.includes(Number(item.vatRate))) {
      add(['items', index, 'vatRate'], t('import.errors.itemVatRateNotInForce', { number, day: formatDay(taxDay) }));
    }
  });
  const pdf = pdfOf(values.pdf);
  if (pdf && pdf.type !== 'application/pdf' && !pdf.name.toLowerCase().endsWith('.pdf')) {
    add(['pdf'], t('import.errors.pdfType'));
  } else if (pdf && pdf.size > PDF_MAX_BYTES) add(['pdf'], t('import.errors.pdfTooLarge'));
  return found;
}

// Every rule in one check, so all of them are reported at once. `rates()` reads the VAT rates
// loaded by the time of the check (none yet: the API alone checks them).
function createSchema(t: TFunction<'staffBilling'>, rates: () => readonly VatRate[] | undefined) {
  return fields.check(
    z.superRefine((values, context) => {
      for (const { path, message } of problems(t, values, rates())) {
        context.addIssue({ code: 'custom', path, message, input: undefined });
      }
    }),
  );
}

/** The contract's `statement` part from valid values (check `problems` first). */
function statementOf(values: Values): StatementImport {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  const paid = values.paidAmount.trim();
  return {
    tenant: values.tenant,
    building: values.building === '' ? null : Number(values.building),
    number: values.number.trim(),
    period_from: parseDayInput(values.periodFrom) as string,
    period_to: parseDayInput(values.periodTo) as string,
    issued_on: parseDayInput(values.issuedOn) as string,
    due_date: parseDayInput(values.dueDate) as string,
    taxable_supply_date: values.taxableSupplyDate.trim() === '' ? null : parseDayInput(values.taxableSupplyDate),
    bank_account: values.bankAccount.replace(/\s+/g, ''),
    iban: compactIban(values.iban),
    variable_symbol: values.variableSymbol.trim(),
    constant_symbol: optional(values.constantSymbol),
    ...(paid === '' ? {} : { paid_amount: parseMoneyInput(paid) as string }),
    paid_on: values.paidOn.trim() === '' ? null : parseDayInput(values.paidOn),
    items: values.items.map((item) => ({
      description: item.description.trim(),
      quantity: item.quantity.trim() === '' ? null : parseQuantityInput(item.quantity),
      unit: optional(item.unit),
      amount: parseMoneyInput(item.amount) as string,
      vat_rate: item.vatRate === NO_VAT ? null : Number(item.vatRate),
    })),
  };
}

/** The sum of the items typed so far, in hellers (those that are amounts). */
function itemsTotal(items: ItemValues[]): number {
  return items.reduce((sum, item) => {
    const amount = parseMoneyInput(item.amount);
    return amount === null ? sum : sum + Math.round(Number(amount) * 100);
  }, 0);
}

/**
 * The statement import: what `portal-admin import-statement` takes, as a form – tenant and
 * optional building, number, period, issue and due days (Prague days typed as „1. 11. 2026"),
 * the payment details, the items and the optional PDF – sent as one multipart upload with
 * progress. A number the tenant already has answers 409 `statement_exists`, shown in Czech.
 */
export function StatementImportForm({
  onImported,
}: {
  onImported: (statement: ImportedStatement, tenant: string) => void;
}) {
  const { t } = useTranslation(['staffBilling', 'common']);
  const rates = useQuery(staffVatRatesQueryOptions()).data;
  // The schema reads the rates when it checks (on submit), so it need not be rebuilt when they load.
  const ratesRef = useRef(rates);
  useEffect(() => {
    ratesRef.current = rates;
  }, [rates]);
  const schema = useMemo(() => createSchema(t, () => ratesRef.current), [t]);
  const feedback = useSubmitFeedback();
  const form = useZodForm(schema, EMPTY);
  const { errors, isSubmitting } = form.formState;
  const fieldProps = useFieldProps(FIELD_IDS, errors);
  const items = useFieldArray({ control: form.control, name: 'items' });
  const importStatement = useImportStatement();
  const [progress, setProgress] = useState<number | null>(null);
  const tenants = useQuery(staffTenantsQueryOptions()).data ?? [];
  const buildings = useQuery(staffBuildingsQueryOptions()).data ?? [];
  const errorPrefix = t('common:form.errorPrefix');
  const dayHint = t('import.dayHint', { example: formatDayInput(pragueDay()) });

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.setServerError(null);
    const pdf = pdfOf(values.pdf);
    setProgress(pdf ? 0 : null);
    try {
      const created = await importStatement.mutateAsync({
        statement: statementOf(values),
        pdf,
        onProgress: pdf ? setProgress : undefined,
      });
      toast.add({ severity: 'success', summary: t('import.done') });
      form.reset(EMPTY);
      onImported(created, values.tenant);
    } catch (error) {
      if (isUnauthorized(error)) return;
      if (!isApiError(error)) {
        feedback.setServerError(t('import.noAnswer'));
        feedback.summary.focus();
        return;
      }
      feedback.fail(error, form.setError, SERVER_FIELDS);
      // The number is what to change when the tenant already has it.
      if (error.code === 'statement_exists') form.setError('number', { type: 'server', message: errorMessage(error) });
    } finally {
      setProgress(null);
    }
  }, feedback.summary.focus);

  // The summary: the fields in order, the items, then the file.
  const summary: ErrorSummaryItem[] = [
    ...formSummaryItems(FIELD_IDS, errors, feedback.serverError),
    ...items.fields.flatMap((_item, index) =>
      (['description', 'quantity', 'unit', 'amount', 'vatRate'] as const).flatMap((part) => {
        const message = errors.items?.[index]?.[part]?.message;
        return message ? [{ message, fieldId: itemId(index, part) }] : [];
      }),
    ),
    ...(errors.pdf?.message ? [{ message: errors.pdf.message, fieldId: PDF_ID }] : []),
  ];
  const field = (name: keyof typeof FIELD_IDS, label: string, hint?: string, optional?: boolean) => (
    <Field {...fieldProps(name, { optional })} label={label} helperText={hint}>
      <Input {...form.register(name)} autoComplete="off" spellCheck={false} />
    </Field>
  );
  const total = itemsTotal(form.watch('items'));
  // The rates a select offers: those in force on the taxable supply day as typed so far.
  const taxDay = taxDayOf({ taxableSupplyDate: form.watch('taxableSupplyDate'), periodTo: form.watch('periodTo') });
  const inForce = ratesOn(rates ?? [], taxDay);
  /** A rate chosen before the day changed stays listed, so the check can say it no longer applies. */
  const rateOptions = (chosen: string) => [
    ...[...inForce, ...(chosen === '' || chosen === NO_VAT || inForce.includes(Number(chosen)) ? [] : [Number(chosen)])]
      .sort((a, b) => b - a)
      .map((rate) => ({
        value: String(rate),
        label: rate === 0 ? t('import.vatExempt') : formatPercent(rate / 100),
      })),
    { value: NO_VAT, label: t('import.vatNone') },
  ];

  return (
    <FormSection title={t('import.title')} feedback={feedback} items={summary}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="6" maxW="3xl">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField
              {...fieldProps('tenant')}
              label={t('import.tenant')}
              registration={form.register('tenant')}
              placeholder={t('import.tenantPlaceholder')}
              options={tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }))}
            />
            <SelectField
              {...fieldProps('building')}
              label={t('import.building')}
              helperText={t('import.buildingHint')}
              registration={form.register('building')}
              placeholder={t('import.buildingNone')}
              options={buildings.map((building) => ({ value: String(building.id), label: building.name }))}
            />
            {field('number', t('import.number'), t('import.numberHint'))}
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <Fieldset legend={t('import.period')}>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                {field('periodFrom', t('import.periodFrom'), dayHint)}
                {field('periodTo', t('import.periodTo'), dayHint)}
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend={t('import.dates')}>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                {field('issuedOn', t('import.issuedOn'), dayHint)}
                {field('dueDate', t('import.dueDate'), dayHint)}
                <Box gridColumn={{ sm: 'span 2' }}>
                  {field('taxableSupplyDate', t('import.taxableSupplyDate'), t('import.taxableSupplyDateHint'), true)}
                </Box>
              </SimpleGrid>
            </Fieldset>
          </SimpleGrid>
          <Fieldset legend={t('import.payment')}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {field('bankAccount', t('import.bankAccount'), t('import.bankAccountHint'))}
              {field('iban', t('import.iban'), t('import.ibanHint'))}
              {field('variableSymbol', t('import.variableSymbol'))}
              {field('constantSymbol', t('import.constantSymbol'), undefined, true)}
              {field('paidAmount', t('import.paidAmount'), t('import.paidAmountHint'), true)}
              {field('paidOn', t('import.paidOn'), dayHint, true)}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('import.items')} intro={t('import.itemsIntro')}>
            <Stack as="ol" listStyleType="none" gap="4">
              {items.fields.map((item, index) => {
                const number = index + 1;
                const itemErrors = errors.items?.[index];
                const part = (name: keyof ItemValues, label: string, hint?: string, optional?: boolean) => (
                  <Field
                    id={itemId(index, name)}
                    label={label}
                    helperText={hint}
                    optionalText={optional ? t('common:form.optional') : undefined}
                    errorText={itemErrors?.[name]?.message}
                    errorPrefix={errorPrefix}
                  >
                    <Input {...form.register(`items.${index}.${name}`)} autoComplete="off" />
                  </Field>
                );
                return (
                  <Box
                    as="li"
                    key={item.id}
                    borderWidth="1px"
                    borderColor="border"
                    borderRadius="l2"
                    p="3"
                    aria-label={t('import.item', { number })}
                  >
                    <Flex justify="space-between" align="center" mb="2" gap="2">
                      <Text fontWeight="semibold">{t('import.item', { number })}</Text>
                      {items.fields.length > 1 ? (
                        <Button type="button" size="xs" variant="ghost" onClick={() => items.remove(index)}>
                          {t('import.removeItem', { number })}
                        </Button>
                      ) : null}
                    </Flex>
                    <SimpleGrid columns={{ base: 1, sm: 2, md: 6 }} gap="3">
                      <Box gridColumn={{ sm: 'span 2' }}>{part('description', t('import.itemDescription'))}</Box>
                      {part('quantity', t('import.itemQuantity'), undefined, true)}
                      {part('unit', t('import.itemUnit'), t('import.itemUnitHint'), true)}
                      {part('amount', t('import.itemAmount'))}
                      <SelectField
                        id={itemId(index, 'vatRate')}
                        label={t('import.itemVatRate')}
                        registration={form.register(`items.${index}.vatRate`)}
                        placeholder={t('import.itemVatRatePlaceholder')}
                        options={rateOptions(form.watch(`items.${index}.vatRate`))}
                        errorText={itemErrors?.vatRate?.message}
                        errorPrefix={errorPrefix}
                      />
                    </SimpleGrid>
                  </Box>
                );
              })}
            </Stack>
            <HStack mt="3" gap="4" wrap="wrap">
              <Button type="button" variant="outline" size="sm" onClick={() => items.append(EMPTY_ITEM)}>
                {t('import.addItem')}
              </Button>
              <Text fontWeight="semibold" aria-live="polite">
                {t('import.total', { total: formatCurrency(total / 100) })}
              </Text>
            </HStack>
          </Fieldset>
          <Field
            id={PDF_ID}
            label={t('import.pdf')}
            helperText={t('import.pdfHint')}
            optionalText={t('common:form.optional')}
            errorText={errors.pdf?.message}
            errorPrefix={errorPrefix}
          >
            <Input {...form.register('pdf')} type="file" accept="application/pdf,.pdf" p="1" />
          </Field>
          {progress !== null ? <UploadProgress value={progress} /> : null}
          <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
            {t('import.submit')}
          </Button>
        </Stack>
      </form>
    </FormSection>
  );
}
