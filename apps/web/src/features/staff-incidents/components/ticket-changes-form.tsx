import { SimpleGrid } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { toast } from '@portal/ui/toast';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { withCurrentOption } from '#src/components/forms/inputs.tsx';
import { SelectField } from '#src/components/forms/select-field.tsx';
import { useFieldProps } from '#src/components/forms/use-field-props.ts';
import { SectionForm } from '#src/components/forms/form-section.tsx';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { isUnauthorized } from '#src/lib/errors.ts';
import { useSession } from '#src/lib/session.ts';
import { useChangeStaffTicket, type StaffTicketChange } from '../api/staff-incident-mutations.ts';
import {
  staffMembersQueryOptions,
  type TicketPriority,
  type TicketStatus,
  type VersionedTicket,
} from '../api/staff-incident-queries.ts';
import { PRIORITIES } from '../utils/queue-search.ts';
import { isStale } from '#src/components/ui/stale-notice.tsx';
import { useBaseVersion } from '#src/components/forms/use-base-version.ts';
import type { TicketChangeFormProps } from './ticket-change-form-props.ts';

const FIELD_IDS = {
  status: 'staff-ticket-status',
  priority: 'staff-ticket-priority',
  assignee: 'staff-ticket-assignee',
  resolution: 'staff-ticket-resolution',
} as const;
const SERVER_FIELDS = {
  status: 'status',
  priority: 'priority',
  assignee: 'assignee',
  resolution: 'resolution',
} as const;
const RESOLUTION_MAX = 5000;

function createSchema(t: TFunction<'staffIncidents'>) {
  return z.object({
    status: z.string(),
    priority: z.string(),
    assignee: z.string(),
    resolution: z.string().check(z.trim(), z.maxLength(RESOLUTION_MAX, { error: t('changes.resolutionTooLong') })),
  });
}
type Values = z.input<ReturnType<typeof createSchema>>;

/** A change to `status` may carry the resolution text (resolved or closed). */
const takesResolution = (status: TicketStatus): boolean => status === 'resolved' || status === 'closed';

const valuesOf = ({ ticket }: VersionedTicket): Values => ({
  status: ticket.status,
  priority: ticket.priority,
  assignee: ticket.assignee ? String(ticket.assignee.id) : '',
  resolution: '',
});

/**
 * Quick changes of status (only the allowed transitions), priority and assignee, saved together
 * with the version they were made on. Only what changed is sent; a refused version (412) is
 * handed to `onStale`, which offers the reload.
 */
export function TicketChangesForm({ live, own, onStale }: TicketChangeFormProps) {
  const { t } = useTranslation(['staffIncidents', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const feedback = useSubmitFeedback();
  const session = useSession();
  const members = useQuery(staffMembersQueryOptions()).data;
  const form = useZodForm(schema, valuesOf(live));
  const { errors, isDirty, isSubmitting } = form.formState;
  const [base, adopt] = useBaseVersion(live, isDirty, { own, show: (version) => form.reset(valuesOf(version)) });
  const change = useChangeStaffTicket(live.ticket.id);
  const field = useFieldProps(FIELD_IDS, errors);

  const ticket = base.ticket;
  const chosenStatus = form.watch('status') as TicketStatus;
  const statusOptions = [
    { value: ticket.status, label: t('changes.statusKeep', { status: t(`status.${ticket.status}`) }) },
    ...ticket.allowed_statuses.map((status) => ({ value: status, label: t(`status.${status}`) })),
  ];
  // Until the directory is there (or when the assignee left it), the current assignee stays choosable.
  const assigneeOptions = withCurrentOption(
    (members ?? []).map((member) => ({
      value: String(member.id),
      label:
        member.id === session?.user.id ? t('changes.assigneeMe', { name: member.display_name }) : member.display_name,
    })),
    ticket.assignee ? String(ticket.assignee.id) : null,
    ticket.assignee?.display_name,
  );

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.setServerError(null);
    const body: StaffTicketChange = {};
    if (values.status !== ticket.status) body.status = values.status as TicketStatus;
    if (values.priority !== ticket.priority) body.priority = values.priority as TicketPriority;
    const assignee = values.assignee === '' ? null : Number(values.assignee);
    if (assignee !== (ticket.assignee?.id ?? null)) body.assignee = assignee;
    if (body.status && takesResolution(body.status) && values.resolution !== '') body.resolution = values.resolution;
    if (Object.keys(body).length === 0) {
      form.setError('status', { type: 'manual', message: t('changes.nothing') });
      feedback.summary.focus();
      return;
    }
    try {
      adopt(await change.mutateAsync({ etag: base.etag, change: body }));
    } catch (error) {
      if (isUnauthorized(error)) return;
      if (isStale(error)) {
        onStale((error as Error).message);
        return;
      }
      feedback.fail(error, form.setError, SERVER_FIELDS);
      return;
    }
    toast.add({ severity: 'success', summary: t('changes.saved') });
  }, feedback.summary.focus);

  return (
    <SectionForm
      title={t('changes.title')}
      intro={t('changes.intro')}
      feedback={feedback}
      fieldIds={FIELD_IDS}
      errors={errors}
      onSubmit={onSubmit}
      gap="4"
      maxW="3xl"
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SelectField
          {...field('status')}
          label={t('changes.status')}
          registration={form.register('status')}
          options={statusOptions}
        />
        <SelectField
          {...field('priority')}
          label={t('changes.priority')}
          registration={form.register('priority')}
          options={PRIORITIES.map((priority) => ({ value: priority, label: t(`priority.${priority}`) }))}
        />
        <SelectField
          {...field('assignee')}
          label={t('changes.assignee')}
          registration={form.register('assignee')}
          placeholder={t('changes.assigneeNone')}
          options={assigneeOptions}
        />
      </SimpleGrid>
      {takesResolution(chosenStatus) && chosenStatus !== ticket.status ? (
        <Field
          {...field('resolution', { optional: true })}
          label={t('changes.resolution')}
          helperText={t('changes.resolutionHint')}
        >
          <Textarea {...form.register('resolution')} rows={3} />
        </Field>
      ) : null}
      <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
        {t('changes.submit')}
      </Button>
    </SectionForm>
  );
}
