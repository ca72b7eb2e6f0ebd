import { Box, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Field } from '@portal/ui/field';
import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMAIL_INPUT, SelectInput } from '#src/components/forms/inputs.tsx';
import type { FormFieldProps } from '#src/components/forms/use-field-props.ts';
import { FormErrorSummary } from '#src/components/forms/form-section.tsx';
import type { SubmitFeedback } from '#src/components/forms/use-zod-form.ts';
import type { ErrorSummaryItem } from '#src/components/ui/error-summary.tsx';
import { Frame } from '#src/components/ui/frame.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import type { Building } from '../api/public-support-queries.ts';

type ContactField = 'name' | 'email' | 'phone';

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

/** The value of the building choice to start with: the only building, when there is one to choose. */
export const onlyBuilding = (buildings: readonly Building[]): string =>
  buildings.length === 1 && buildings[0] ? String(buildings[0].id) : '';

/** The building choice of the public forms: a native select, the most robust control on phones. */
export function BuildingSelect({
  field,
  buildings,
  registration,
  placeholder,
}: {
  field: FormFieldProps;
  buildings: readonly Building[];
  registration: UseFormRegisterReturn;
  /** The empty choice; „Vyberte budovu“ unless given (an optional choice names its own). */
  placeholder?: string;
}) {
  const { t } = useTranslation('publicSupport');
  return (
    <Field minW="0" {...field} label={t('fields.building')}>
      <SelectInput
        id={field.id}
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

/**
 * Name, e-mail and phone, shared by the three public forms. `oneWayRequired`: one of e-mail and
 * phone must be given (the order), which the group's hint says – neither is marked optional then.
 */
export function ContactFields({
  register,
  fieldProps,
  nameOptional,
  emailHint,
  oneWayRequired = false,
}: {
  register: (name: ContactField) => UseFormRegisterReturn;
  fieldProps: (name: ContactField, options?: { optional?: boolean }) => FormFieldProps;
  nameOptional: boolean;
  emailHint?: string;
  oneWayRequired?: boolean;
}) {
  const { t } = useTranslation('publicSupport');
  return (
    <>
      <Field {...fieldProps('name', { optional: nameOptional })} label={t('fields.name')}>
        <Input {...register('name')} autoComplete="name" />
      </Field>
      <Field
        {...fieldProps('email', { optional: !oneWayRequired })}
        label={t('fields.email')}
        helperText={emailHint ?? t('fields.emailHint')}
      >
        <Input {...register('email')} {...EMAIL_INPUT} />
      </Field>
      <Field
        {...fieldProps('phone', { optional: !oneWayRequired })}
        label={t('fields.phone')}
        helperText={t('fields.phoneHint')}
      >
        <Input {...register('phone')} type="tel" autoComplete="tel" />
      </Field>
    </>
  );
}
