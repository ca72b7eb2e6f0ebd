import { HStack } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { toast } from '@portal/ui/toast';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { SectionForm } from '#src/components/forms/form-section.tsx';
import { useBaseVersion } from '#src/components/forms/use-base-version.ts';
import { SelectField } from '#src/components/forms/select-field.tsx';
import { useFieldProps } from '#src/components/forms/use-field-props.ts';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { isStale } from '#src/components/ui/stale-notice.tsx';
import { isUnauthorized } from '#src/lib/errors.ts';
import { useChangeRequestStatus } from '../api/staff-public-support-mutations.ts';
import type { RequestStatus, VersionedRequest } from '../api/staff-public-support-queries.ts';

const FIELD_IDS = { status: 'staff-request-status' } as const;
const SERVER_FIELDS = { status: 'status' } as const;
const schema = z.object({ status: z.string() });

const valuesOf = ({ request }: VersionedRequest) => ({ status: request.status });

/**
 * The request's status: a change to any allowed status but closed, and closing on its own
 * button after a confirmation (closed is final). Both carry the version they were made on; a
 * refused version (412) is handed to `onStale`, which offers the reload.
 */
export function RequestStatusForm({ live, onStale }: { live: VersionedRequest; onStale: (message: string) => void }) {
  const { t } = useTranslation(['staffPublicSupport', 'common']);
  const feedback = useSubmitFeedback();
  const form = useZodForm(schema, valuesOf(live));
  const { errors, isDirty, isSubmitting } = form.formState;
  const field = useFieldProps(FIELD_IDS, errors);
  const [base, setBase] = useBaseVersion(live, isDirty);
  const change = useChangeRequestStatus(live.request.id);
  const [confirming, setConfirming] = useState(false);
  const request = base.request;

  // The form shows the version it edits.
  useEffect(() => {
    form.reset(valuesOf(base));
  }, [base, form]);

  const options = [
    { value: request.status, label: t('changes.keep', { status: t(`status.${request.status}`) }) },
    ...request.allowed_statuses
      .filter((status) => status !== 'closed')
      .map((status) => ({ value: status, label: t(`status.${status}`) })),
  ];

  async function save(status: RequestStatus): Promise<boolean> {
    feedback.setServerError(null);
    try {
      const saved = await change.mutateAsync({ etag: base.etag, status });
      setBase(saved);
      form.reset(valuesOf(saved));
      return true;
    } catch (error) {
      if (isUnauthorized(error)) return false;
      if (isStale(error)) onStale((error as Error).message);
      else feedback.fail(error, form.setError, SERVER_FIELDS);
      return false;
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    if (values.status === request.status) {
      form.setError('status', { type: 'manual', message: t('changes.nothing') });
      feedback.summary.focus();
      return;
    }
    if (await save(values.status as RequestStatus)) toast.add({ severity: 'success', summary: t('changes.saved') });
  }, feedback.summary.focus);

  const onClose = async () => {
    const done = await save('closed');
    setConfirming(false);
    if (done) toast.add({ severity: 'success', summary: t('changes.closed') });
  };

  return (
    <SectionForm
      title={t('changes.title')}
      intro={t('changes.intro')}
      feedback={feedback}
      fieldIds={FIELD_IDS}
      errors={errors}
      onSubmit={onSubmit}
      gap="4"
      after={
        <ConfirmDialog
          open={confirming}
          title={t('changes.closeTitle', { id: request.id })}
          confirmLabel={t('changes.closeConfirm')}
          cancelLabel={t('changes.closeCancel')}
          pending={change.isPending}
          onConfirm={() => void onClose()}
          onClose={() => setConfirming(false)}
        >
          {t('changes.closeBody')}
        </ConfirmDialog>
      }
    >
      <SelectField
        {...field('status')}
        label={t('changes.status')}
        registration={form.register('status')}
        options={options}
      />
      <HStack gap="3" wrap="wrap">
        <Button type="submit" loading={isSubmitting}>
          {t('changes.submit')}
        </Button>
        <Button type="button" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
          {t('changes.close')}
        </Button>
      </HStack>
    </SectionForm>
  );
}
