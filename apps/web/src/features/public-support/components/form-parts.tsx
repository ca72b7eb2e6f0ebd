import { Box, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Field } from '@portal/ui/field';
import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMAIL_INPUT, SelectInput } from '#src/components/forms/inputs.tsx';
import { FormErrorSummary } from '#src/components/forms/form-section.tsx';
import type { SubmitFeedback } from '#src/components/forms/use-zod-form.ts';
import type { ErrorSummaryItem } from '#src/components/ui/error-summary.tsx';
import { Frame } from '#src/components/ui/frame.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import type { Building } from '../api/public-support-queries.ts';

/** Width of the public forms' column (readable line length on desktop, full width on phones). */
export const PUBLIC_FORM_MAX_WIDTH = '2xl';

/**
 * The page of a public form: its title (marked „Chyba:" while errors are shown), the error
 * summary, the h1 and an introduction, then the form's fields in one readable column.
 */
export function PublicFormPage({
  title,
  intro,
  feedback,
  items,
  onSubmit,
  children,
}: {
  title: string;
  intro: string;
  feedback: SubmitFeedback;
  items: ErrorSummaryItem[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Box>
      <PageTitle title={title} error={items.length > 0} />
      <FormErrorSummary feedback={feedback} items={items} />
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="2">
        {title}
      </Heading>
      <Text mb="6" maxW={PUBLIC_FORM_MAX_WIDTH}>
        {intro}
      </Text>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="5" maxW={PUBLIC_FORM_MAX_WIDTH} minW="0">
          {children}
        </Stack>
      </form>
    </Box>
  );
}

/** The building choice of the public forms: a native select, the most robust control on phones. */
export function BuildingSelect({
  id,
  buildings,
  registration,
  errorText,
  optional,
  placeholder,
}: {
  id: string;
  buildings: readonly Building[];
  registration: UseFormRegisterReturn;
  errorText: string | undefined;
  optional?: boolean;
  /** The empty choice; „Vyberte budovu“ unless given (an optional choice names its own). */
  placeholder?: string;
}) {
  const { t } = useTranslation(['publicSupport', 'common']);
  return (
    <Field
      minW="0"
      id={id}
      label={t('fields.building')}
      errorText={errorText}
      errorPrefix={t('common:form.errorPrefix')}
      {...(optional ? { optionalText: t('common:form.optional') } : {})}
    >
      <SelectInput
        id={id}
        {...registration}
        placeholder={placeholder ?? t('fields.buildingPlaceholder')}
        options={buildings.map((building) => ({
          value: String(building.id),
          label: `${building.name}, ${building.street}, ${building.city}`,
        }))}
      />
    </Field>
  );
}

/** A group of fields with a legend and a hint (the optional contact of the fault report, the order's contact). */
export function FieldGroup({ legend, hint, children }: { legend: string; hint: string; children: ReactNode }) {
  return (
    <Frame as="fieldset" minW="0">
      <Heading as="legend" size="md" px="1">
        {legend}
      </Heading>
      <Text textStyle="sm" color="fg.muted" mb="3">
        {hint}
      </Text>
      <Stack gap="4">{children}</Stack>
    </Frame>
  );
}

/** Name, e-mail and phone, shared by the three public forms. */
export function ContactFields({
  ids,
  register,
  errors,
  nameOptional,
  emailHint,
}: {
  ids: { name: string; email: string; phone: string };
  register: (name: 'name' | 'email' | 'phone') => UseFormRegisterReturn;
  errors: Partial<Record<'name' | 'email' | 'phone', { message?: string | undefined } | undefined>>;
  nameOptional: boolean;
  emailHint?: string;
}) {
  const { t } = useTranslation(['publicSupport', 'common']);
  const errorPrefix = t('common:form.errorPrefix');
  const optional = { optionalText: t('common:form.optional') };
  return (
    <>
      <Field
        id={ids.name}
        label={t('fields.name')}
        errorText={errors.name?.message}
        errorPrefix={errorPrefix}
        {...(nameOptional ? optional : {})}
      >
        <Input {...register('name')} autoComplete="name" />
      </Field>
      <Field
        id={ids.email}
        label={t('fields.email')}
        helperText={emailHint ?? t('fields.emailHint')}
        errorText={errors.email?.message}
        errorPrefix={errorPrefix}
        {...optional}
      >
        <Input {...register('email')} {...EMAIL_INPUT} />
      </Field>
      <Field
        id={ids.phone}
        label={t('fields.phone')}
        helperText={t('fields.phoneHint')}
        errorText={errors.phone?.message}
        errorPrefix={errorPrefix}
        {...optional}
      >
        <Input {...register('phone')} type="tel" autoComplete="tel" />
      </Field>
    </>
  );
}
