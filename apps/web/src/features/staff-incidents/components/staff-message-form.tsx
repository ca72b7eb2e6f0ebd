import { Box, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Radio } from '#src/components/forms/native-choice.tsx';
import { Button } from '@portal/ui/button';
import { messageVisibilityValues } from '@portal/sdk/schema';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { toast } from '@portal/ui/toast';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { SectionForm } from '#src/components/forms/form-section.tsx';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { isUnauthorized } from '#src/lib/errors.ts';
import { useAddStaffMessage, type MessageVisibility } from '../api/staff-incident-mutations.ts';
import { staffTicketQueryOptions, type VersionedTicket } from '../api/staff-incident-queries.ts';
import type { OwnVersions } from '#src/components/forms/use-base-version.ts';

const FIELD_IDS = { body: 'staff-message-body', visibility: 'staff-message-visibility' } as const;
const SERVER_FIELDS = { body: 'body', visibility: 'visibility' } as const;
const BODY_MAX = 5000;
const VISIBILITIES: readonly MessageVisibility[] = messageVisibilityValues;

function createSchema(t: TFunction<'staffIncidents'>) {
  return z.object({
    body: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('message.bodyRequired'), abort: true }),
        z.maxLength(BODY_MAX, { error: t('message.bodyTooLong') }),
      ),
    // No default on purpose: who reads the message is chosen every time (the API has none either).
    visibility: z.nullable(z.string()).check(
      z.refine((value) => VISIBILITIES.includes(value as MessageVisibility), {
        error: t('message.visibilityRequired'),
      }),
    ),
  });
}

/**
 * A message on the ticket with an explicit choice of who reads it: an answer the tenant sees or
 * an internal note only staff see. Nothing is preselected, the choice is cleared after each
 * message, and the button says what is about to happen.
 */
export function StaffMessageForm({ live, own }: { live: VersionedTicket; own: OwnVersions }) {
  const ticketId = live.ticket.id;
  const queryClient = useQueryClient();
  const { t } = useTranslation(['staffIncidents', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const feedback = useSubmitFeedback();
  const add = useAddStaffMessage(ticketId);
  const form = useZodForm(schema, { body: '', visibility: null });
  const { errors, isSubmitting } = form.formState;
  const legendId = useId();
  const hintId = `${FIELD_IDS.visibility}-hint`;
  const errorId = `${FIELD_IDS.visibility}-error`;
  const chosen = form.watch('visibility');
  const errorPrefix = t('common:form.errorPrefix');

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.setServerError(null);
    const visibility = values.visibility as MessageVisibility;
    const before = live;
    try {
      await add.mutateAsync({ body: values.body, visibility });
    } catch (error) {
      if (!isUnauthorized(error)) feedback.fail(error, form.setError, SERVER_FIELDS);
      return;
    }
    // A message raises the version by one: when the ticket read now is exactly one on, the step
    // was this message, and the other forms' unsaved edits stay valid.
    const after = await queryClient.fetchQuery(staffTicketQueryOptions(ticketId)).catch(() => null);
    if (after && after.ticket.version === before.ticket.version + 1) own.record(before.etag, after.etag);
    form.reset({ body: '', visibility: null });
    toast.add({
      severity: 'success',
      summary: visibility === 'internal' ? t('message.sentInternal') : t('message.sentPublic'),
    });
  }, feedback.summary.focus);

  return (
    <SectionForm
      title={t('message.title')}
      feedback={feedback}
      fieldIds={FIELD_IDS}
      errors={errors}
      onSubmit={onSubmit}
      maxW="2xl"
    >
      <Box
        as="fieldset"
        minW="0"
        aria-labelledby={legendId}
        aria-describedby={[hintId, errors.visibility ? errorId : null].filter(Boolean).join(' ')}
      >
        <Text as="legend" id={legendId} fontWeight="medium">
          {t('message.visibility')}
        </Text>
        <Text id={hintId} color="fg.muted" textStyle="sm" mb="2">
          {t('message.visibilityHint')}
        </Text>
        {errors.visibility ? (
          <Text id={errorId} color="fg.error" textStyle="sm" fontWeight="semibold" mb="2">
            <VisuallyHidden>{errorPrefix}</VisuallyHidden> {errors.visibility.message}
          </Text>
        ) : null}
        <Stack gap="3">
          {VISIBILITIES.map((visibility, index) => {
            const id = index === 0 ? FIELD_IDS.visibility : `${FIELD_IDS.visibility}-${visibility}`;
            return (
              <Box
                as="label"
                key={visibility}
                display="flex"
                gap="3"
                alignItems="flex-start"
                cursor="pointer"
                borderWidth="1px"
                borderStyle={visibility === 'internal' ? 'dashed' : 'solid'}
                borderColor={chosen === visibility ? 'brand.solid' : 'border'}
                borderRadius="l2"
                p="3"
              >
                {/* The whole box is the label (a large target); the name is the choice's title,
                        its sentence the description. */}
                <Radio
                  type="radio"
                  id={id}
                  value={visibility}
                  aria-labelledby={`${id}-title`}
                  aria-describedby={`${id}-hint`}
                  aria-invalid={errors.visibility ? true : undefined}
                  {...form.register('visibility')}
                />
                <span>
                  <Text as="span" id={`${id}-title`} display="block" fontWeight="semibold">
                    {visibility === 'internal' ? <span aria-hidden="true">🔒 </span> : null}
                    {t(`message.${visibility}`)}
                  </Text>
                  <Text as="span" id={`${id}-hint`} display="block" textStyle="sm" color="fg.muted">
                    {t(`message.${visibility}Hint`)}
                  </Text>
                </span>
              </Box>
            );
          })}
        </Stack>
      </Box>
      <Field id={FIELD_IDS.body} label={t('message.body')} errorText={errors.body?.message} errorPrefix={errorPrefix}>
        <Textarea {...form.register('body')} rows={5} />
      </Field>
      <Button
        type="submit"
        alignSelf="flex-start"
        loading={isSubmitting}
        variant={chosen === 'internal' ? 'outline' : 'solid'}
      >
        {chosen === 'public'
          ? t('message.submitPublic')
          : chosen === 'internal'
            ? t('message.submitInternal')
            : t('message.submit')}
      </Button>
    </SectionForm>
  );
}
