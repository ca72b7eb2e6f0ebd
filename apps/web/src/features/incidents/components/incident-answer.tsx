import { Box, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { toast } from '@portal/ui/toast';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Radio } from '#src/components/forms/native-choice.tsx';
import { TextForm } from '#src/components/forms/text-form.tsx';
import { errorMessage, isUnauthorized } from '#src/lib/errors.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { useConfirmFix, useRateIncident, useReopenIncident } from '../api/incident-mutations.ts';
import type { IncidentDetail } from '../api/incident-queries.ts';

const RATING_COMMENT_MAX = 2000;

function failureToast(summary: string, failure: unknown) {
  if (!isUnauthorized(failure)) toast.add({ severity: 'error', summary, detail: errorMessage(failure) });
}

/**
 * A resolved incident asks „Je závada odstraněna?“: yes closes it (and offers the rating), no
 * reopens it with the reason, which becomes the tenant's comment.
 */
export function FixQuestion({ incidentId }: { incidentId: number }) {
  const { t } = useTranslation('incidents');
  const headingId = useId();
  const confirm = useConfirmFix(incidentId);
  const reopen = useReopenIncident(incidentId);
  const check = useCallback((text: string) => (text === '' ? t('answer.reasonRequired') : null), [t]);

  const onConfirm = async () => {
    try {
      await confirm.mutateAsync();
    } catch (failure) {
      failureToast(t('answer.confirmFailed'), failure);
      return;
    }
    toast.add({ severity: 'success', summary: t('answer.confirmed') });
  };

  return (
    <Stack gap="8">
      <Box
        as="section"
        aria-labelledby={headingId}
        borderWidth="1px"
        borderColor="border.info"
        bg="bg.info"
        borderRadius="l2"
        p="4"
        data-testid="fix-question"
      >
        <Heading as="h2" id={headingId} size="lg" mb="2">
          {t('answer.title')}
        </Heading>
        <Text mb="4">{t('answer.intro')}</Text>
        <Button onClick={() => void onConfirm()} loading={confirm.isPending}>
          {t('answer.confirm')}
        </Button>
      </Box>
      <TextForm
        fieldId="incident-reopen-reason"
        title={t('answer.reopenTitle')}
        label={t('answer.reason')}
        hint={t('answer.reasonHint')}
        rows={3}
        check={check}
        submitLabel={t('answer.reopen')}
        submitProps={{ variant: 'outline' }}
        pending={reopen.isPending}
        send={async (reason) => {
          try {
            await reopen.mutateAsync(reason);
          } catch (failure) {
            failureToast(t('answer.reopenFailed'), failure);
            return { ok: false };
          }
          toast.add({ severity: 'success', summary: t('answer.reopened') });
          return { ok: true, clear: true };
        }}
      />
    </Stack>
  );
}

/** The optional rating after the fix was confirmed: satisfied or not, and a comment. */
export function RatingForm({ incidentId }: { incidentId: number }) {
  const { t } = useTranslation(['incidents', 'common']);
  const headingId = useId();
  const legendId = useId();
  const rate = useRateIncident(incidentId);
  const [satisfied, setSatisfied] = useState<boolean | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorPrefix = t('common:form.errorPrefix');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (satisfied === null) {
      setError(t('rating.choiceRequired'));
      document.getElementById('incident-rating-satisfied')?.focus();
      return;
    }
    setError(null);
    try {
      const trimmed = comment.trim();
      await rate.mutateAsync({ satisfied, ...(trimmed === '' ? {} : { comment: trimmed }) });
    } catch (failure) {
      failureToast(t('rating.failed'), failure);
      return;
    }
    toast.add({ severity: 'success', summary: t('rating.thanks') });
  };

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb="2">
        {t('rating.title')}
      </Heading>
      <Text mb="3" color="fg.muted">
        {t('rating.intro')}
      </Text>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="4" maxW="2xl">
          <Box
            as="fieldset"
            aria-describedby={error ? 'incident-rating-error' : undefined}
            aria-invalid={error ? true : undefined}
          >
            <Text as="legend" id={legendId} fontWeight="medium" mb="2">
              {t('rating.question')}
            </Text>
            {error ? (
              <Text id="incident-rating-error" color="fg.error" textStyle="sm" fontWeight="semibold" mb="2">
                <VisuallyHidden>{errorPrefix}</VisuallyHidden> {error}
              </Text>
            ) : null}
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              {([true, false] as const).map((value) => {
                const id = value ? 'incident-rating-satisfied' : 'incident-rating-dissatisfied';
                return (
                  <Box
                    as="label"
                    key={id}
                    display="flex"
                    gap="3"
                    alignItems="center"
                    cursor="pointer"
                    borderWidth="1px"
                    borderColor={satisfied === value ? 'brand.solid' : 'border'}
                    borderRadius="l2"
                    px="4"
                    py="3"
                    minH="11"
                  >
                    <Radio
                      type="radio"
                      id={id}
                      name="incident-rating"
                      checked={satisfied === value}
                      onChange={() => {
                        setSatisfied(value);
                        setError(null);
                      }}
                    />
                    <span>{value ? t('rating.satisfied') : t('rating.dissatisfied')}</span>
                  </Box>
                );
              })}
            </Stack>
          </Box>
          <Field
            id="incident-rating-comment"
            label={t('rating.comment')}
            helperText={t('rating.commentHint')}
            errorPrefix={errorPrefix}
          >
            <Textarea
              rows={3}
              value={comment}
              maxLength={RATING_COMMENT_MAX}
              onChange={(event) => setComment(event.currentTarget.value)}
            />
          </Field>
          <Button type="submit" alignSelf="flex-start" loading={rate.isPending}>
            {t('rating.submit')}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}

/** The rating the tenant gave. */
export function GivenRating({ rating }: { rating: NonNullable<IncidentDetail['rating']> }) {
  const { t } = useTranslation('incidents');
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} data-testid="incident-rating">
      <Heading as="h2" id={headingId} size="lg" mb="2">
        {t('rating.givenTitle')}
      </Heading>
      <Text fontWeight="semibold">{rating.satisfied ? t('rating.givenSatisfied') : t('rating.givenDissatisfied')}</Text>
      {rating.comment ? (
        <Text whiteSpace="pre-wrap" wordBreak="break-word" mt="1">
          {rating.comment}
        </Text>
      ) : null}
      <Text textStyle="sm" color="fg.muted" mt="1">
        <time dateTime={rating.rated_at}>{formatDateTime(rating.rated_at)}</time>
      </Text>
    </Box>
  );
}
