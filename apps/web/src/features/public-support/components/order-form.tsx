import { Input } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { SelectInput } from '#src/components/forms/inputs.tsx';
import type { Building } from '../api/public-support-queries.ts';
import { composeOrder, ORDER_QUANTITY_MAX, ORDER_SERVICES, type OrderService } from '../utils/compose-request.ts';
import { BuildingSelect, ContactFields, FieldGroup, onlyBuilding, PublicFormPage } from './form-parts.tsx';
import { contactSchema } from './form-validation.ts';
import { RequestCreated } from './request-created.tsx';
import { usePublicRequestForm } from './use-public-request-form.ts';

const FIELD_IDS = {
  service: 'order-service',
  quantity: 'order-quantity',
  building: 'order-building',
  notes: 'order-notes',
  name: 'order-name',
  email: 'order-email',
  phone: 'order-phone',
} as const;

/** API field → form field (subject and message are composed from service, quantity and notes). */
const SERVER_FIELDS = {
  building: 'building',
  message: 'notes',
  subject: 'notes',
  name: 'name',
  email: 'email',
  phone: 'phone',
} as const;

export const NOTES_MAX = 2000;

function createSchema(t: TFunction<'publicSupport'>) {
  // No field check aborts (`abort: true`): zod then skips these cross-field rules, and the
  // summary would not list every problem at once (GOV.UK).
  return z
    .object({
      service: z
        .string()
        .check(
          z.refine((value) => ORDER_SERVICES.includes(value as OrderService), { error: t('order.serviceRequired') }),
        ),
      quantity: z.string().check(
        z.trim(),
        z.refine((value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= ORDER_QUANTITY_MAX, {
          error: t('order.quantityInvalid'),
        }),
      ),
      building: z.string().check(z.minLength(1, { error: t('errors.buildingRequired') })),
      notes: z.string().check(z.trim(), z.maxLength(NOTES_MAX, { error: t('order.notesTooLong') })),
      ...contactSchema(t, { nameRequired: true }),
    })
    .check(
      // „Jiná služba" says nothing by itself: the notes must say what is wanted.
      z.refine((values) => values.service !== 'other' || values.notes !== '', {
        error: t('order.notesRequiredOther'),
        path: ['notes'],
      }),
      // The operator must be able to reach whoever orders (the API has the same rule).
      z.refine((values) => values.email !== '' || values.phone !== '', {
        error: t('order.contactRequired'),
        path: ['email'],
      }),
    );
}
type Schema = ReturnType<typeof createSchema>;
type Values = z.input<Schema>;

const EMPTY: Values = { service: '', quantity: '1', building: '', notes: '', name: '', email: '', phone: '' };
const FORM = { createSchema, empty: EMPTY, fieldIds: FIELD_IDS, serverFields: SERVER_FIELDS };

/**
 * `/order`: the operator's services for anyone (key copies, access cards, parking, other) with a
 * quantity and notes, delivered as a public support request (category `order`) whose subject
 * and message are composed so the operator sees at once that it is an order and for what.
 */
export function OrderForm({ buildings }: { buildings: readonly Building[] }) {
  const { t } = useTranslation(['publicSupport', 'common']);
  const { form, submitting, feedback, widget, send, finish, created, startOver, summaryItems, fieldProps } =
    usePublicRequestForm({ ...FORM, empty: { ...EMPTY, building: onlyBuilding(buildings) } });
  const { register, handleSubmit, watch } = form;
  const service = watch('service');

  const onSubmit = handleSubmit(async (values) => {
    const building = buildings.find((item) => String(item.id) === values.building);
    const { subject, message } = composeOrder({
      service: values.service as OrderService,
      quantity: Number(values.quantity),
      buildingName: building ? `${building.name}, ${building.street}, ${building.city}` : '',
      notes: values.notes,
    });
    const outcome = await send({
      category: 'order',
      name: values.name,
      building: Number(values.building),
      subject,
      message,
      ...(values.email ? { email: values.email } : {}),
      ...(values.phone ? { phone: values.phone } : {}),
    });
    if (outcome) finish(outcome, values.email);
  }, feedback.summary.focus);

  if (created) return <RequestCreated {...created} title={t('created.titleOrder')} onAnother={startOver} />;

  return (
    <PublicFormPage
      title={t('order.title')}
      intro={t('order.intro')}
      feedback={feedback}
      items={summaryItems()}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Field {...fieldProps('service')} minW="0" label={t('order.service')}>
        <SelectInput
          id={FIELD_IDS.service}
          {...register('service')}
          placeholder={t('order.servicePlaceholder')}
          options={ORDER_SERVICES.map((value) => ({ value, label: t(`order.services.${value}`) }))}
        />
      </Field>
      <Field {...fieldProps('quantity')} label={t('order.quantity')} helperText={t('order.quantityHint')}>
        <Input {...register('quantity')} inputMode="numeric" autoComplete="off" maxW="32" />
      </Field>
      <BuildingSelect field={fieldProps('building')} buildings={buildings} registration={register('building')} />
      <Field
        {...fieldProps('notes', { optional: service !== 'other' })}
        label={t('order.notes')}
        helperText={service === 'other' ? t('order.notesHintOther') : t('order.notesHint')}
      >
        <Textarea {...register('notes')} rows={4} />
      </Field>
      <FieldGroup legend={t('order.contactTitle')} hint={t('order.contactHint')}>
        <ContactFields
          register={register}
          fieldProps={fieldProps}
          nameOptional={false}
          emailHint={t('fields.emailHint')}
          oneWayRequired
        />
      </FieldGroup>
      {widget}
      <Button type="submit" alignSelf="flex-start" loading={submitting}>
        {t('order.submit')}
      </Button>
    </PublicFormPage>
  );
}
