import { toast } from '@portal/ui/toast';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { TextForm, type TextFormOutcome } from '#src/components/forms/text-form.tsx';
import { errorMessage, isUnauthorized } from '#src/lib/errors.ts';
import { useAnswerRequest } from '../api/staff-public-support-mutations.ts';

/** The API's limit (MessageCreate). */
const ANSWER_MAX = 5000;

/** An answer the visitor sees on the request's page; what was typed stays when sending fails. */
export function AnswerForm({ requestId }: { requestId: number }) {
  const { t } = useTranslation('staffPublicSupport');
  const answer = useAnswerRequest(requestId);
  const check = useCallback(
    (text: string) => (text === '' ? t('answer.required') : text.length > ANSWER_MAX ? t('answer.tooLong') : null),
    [t],
  );

  const send = async (text: string): Promise<TextFormOutcome> => {
    try {
      await answer.mutateAsync(text);
    } catch (error) {
      if (isUnauthorized(error)) return { ok: false };
      const message = errorMessage(error);
      toast.add({ severity: 'error', summary: t('answer.failed'), detail: message });
      return { ok: false, message };
    }
    toast.add({ severity: 'success', summary: t('answer.sent') });
    return { ok: true, clear: true };
  };

  return (
    <TextForm
      fieldId="staff-request-answer"
      title={t('answer.title')}
      label={t('answer.label')}
      hint={t('answer.hint')}
      rows={5}
      check={check}
      submitLabel={t('answer.submit')}
      pending={answer.isPending}
      send={send}
    />
  );
}
