import { Box, Heading, Spinner, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { toast } from '@portal/ui/toast';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { CheckboxGroup } from '#src/components/forms/checkbox-group.tsx';
import { SectionForm } from '#src/components/forms/form-section.tsx';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { errorMessage } from '#src/lib/errors.ts';
import {
  notificationPreferencesQueryOptions,
  useUpdateNotificationPreferences,
  type NotificationPreferences,
} from '../api/notifications.ts';

const FIELD_IDS = { enabled: 'notification-kinds' } as const;
/** The API's `kinds` is this form's list of checked kinds. */
const SERVER_FIELDS = { kinds: 'enabled' } as const;

const schema = z.object({ enabled: z.array(z.string()) });

const enabledKinds = (preferences: NotificationPreferences) =>
  preferences.kinds.filter((entry) => entry.enabled).map((entry) => entry.kind);

/**
 * `/profil`'s „E-mailová upozornění": one checkbox per kind of mail this user receives (the API
 * lists them: tenants and staff get different kinds). Security mail has no kind and is never
 * listed. The settings belong to the e-mail address, as the mails' unsubscribe links do.
 */
export function NotificationPreferencesSection() {
  const { t } = useTranslation('notifications');
  const headingId = useId();
  const { data, error } = useQuery(notificationPreferencesQueryOptions());
  if (data) return <NotificationPreferencesForm preferences={data} />;
  return (
    <Box as="section" aria-labelledby={headingId} aria-busy={error ? undefined : true}>
      <Heading as="h2" id={headingId} size="xl" mb="5">
        {t('preferences.title')}
      </Heading>
      {error ? (
        <Text role="alert">
          {t('preferences.loadFailed')} {errorMessage(error)}
        </Text>
      ) : (
        <Spinner aria-label={t('preferences.loading')} />
      )}
    </Box>
  );
}

function NotificationPreferencesForm({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation(['notifications', 'common']);
  const update = useUpdateNotificationPreferences();
  const feedback = useSubmitFeedback();
  const form = useZodForm(schema, { enabled: enabledKinds(preferences) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ enabled }) => {
    feedback.setServerError(null);
    let saved: NotificationPreferences;
    try {
      saved = await update.mutateAsync({
        body: { kinds: preferences.kinds.map(({ kind }) => ({ kind, enabled: enabled.includes(kind) })) },
      });
    } catch (error) {
      feedback.fail(error, form.setError, SERVER_FIELDS);
      return;
    }
    // The boxes now show what the server stored.
    form.reset({ enabled: enabledKinds(saved) });
    toast.add({ severity: 'success', summary: t('preferences.saved'), group: 'profile' });
  }, feedback.summary.focus);

  return (
    <SectionForm
      title={t('preferences.title')}
      intro={t('preferences.intro')}
      feedback={feedback}
      fieldIds={FIELD_IDS}
      errors={errors}
      onSubmit={onSubmit}
    >
      <CheckboxGroup
        legend={t('preferences.legend')}
        options={preferences.kinds.map(({ kind }) => ({ value: kind, label: t(`kinds.${kind}`) }))}
        registration={form.register('enabled')}
        firstId={FIELD_IDS.enabled}
        stacked
      />
      {errors.enabled?.message ? (
        <Text color="fg.error" fontWeight="semibold">
          {t('common:form.errorPrefix')} {errors.enabled.message}
        </Text>
      ) : null}
      <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
        {t('preferences.submit')}
      </Button>
    </SectionForm>
  );
}
