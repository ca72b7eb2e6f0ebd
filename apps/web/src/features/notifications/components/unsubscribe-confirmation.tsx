import { Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Frame } from '#src/components/ui/frame.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { href } from '#src/config/paths.ts';
import { errorMessage, errorStatus } from '#src/lib/errors.ts';
import { unsubscribeInfoQueryOptions, useUnsubscribe } from '../api/notifications.ts';

/** The longest token the API takes; anything longer is not even asked about. */
const MAX_TOKEN_LENGTH = 1000;

/** Whether a link's token can be real (anything else is refused without asking the API). */
export const isWellFormedToken = (token: string) => token.length > 0 && token.length <= MAX_TOKEN_LENGTH;

/**
 * The page a mail's unsubscribe link opens: which mail the link is for and one button. Opening
 * it changes nothing (mail scanners follow links); only the button switches the kind off. A
 * forged or damaged link says so; the profile is where the settings live for good.
 */
export function UnsubscribeConfirmation({ token }: { token: string }) {
  const { t } = useTranslation('notifications');
  const wellFormed = isWellFormedToken(token);
  const unsubscribe = useUnsubscribe(token);
  const { data, error, isPending } = useQuery({ ...unsubscribeInfoQueryOptions(token), enabled: wellFormed });
  const heading = useRef<HTMLHeadingElement>(null);
  const done = unsubscribe.isSuccess;
  // The outcome replaces the button that was pressed: focus its heading so it is announced.
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  const profileLink = (
    <Link asChild variant="underline" alignSelf="flex-start">
      <RouterLink to={href('profile')}>{t('unsubscribe.profileLink')}</RouterLink>
    </Link>
  );

  if (done) {
    const { kind, email } = unsubscribe.data;
    return (
      <Stack gap="4" maxW="2xl">
        <PageTitle title={t('unsubscribe.done')} />
        <Heading as="h1" ref={heading} tabIndex={-1} outline="none" size={{ base: '2xl', md: '3xl' }}>
          {t('unsubscribe.done')}
        </Heading>
        <Text role="status">{t('unsubscribe.doneDetail', { kind: t(`kinds.${kind}`), email })}</Text>
        <Text>{t('unsubscribe.profileHint')}</Text>
        {profileLink}
      </Stack>
    );
  }

  const refused = !wellFormed || errorStatus(error) === 400 || errorStatus(unsubscribe.error) === 400;
  if (!refused && isPending) return <Spinner aria-label={t('unsubscribe.loading')} />;
  if (refused || !data) {
    // A refused link, or no answer at all (the API out of reach): only the first is the link's fault.
    const title = refused ? t('unsubscribe.invalidTitle') : t('unsubscribe.title');
    return (
      <Stack gap="4" maxW="2xl">
        <PageTitle title={title} error />
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {title}
        </Heading>
        <Text role="alert">{refused ? t('unsubscribe.invalid') : errorMessage(error)}</Text>
        {profileLink}
        <Link asChild variant="underline" alignSelf="flex-start">
          <RouterLink to={href('home')}>{t('unsubscribe.home')}</RouterLink>
        </Link>
      </Stack>
    );
  }

  return (
    <Stack gap="5" maxW="2xl">
      <PageTitle title={t('unsubscribe.title')} />
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {t('unsubscribe.title')}
      </Heading>
      <Text>{t('unsubscribe.intro', { email: data.email })}</Text>
      <Frame>
        <Text fontWeight="semibold" data-testid="unsubscribe-kind">
          {t(`kinds.${data.kind}`)}
        </Text>
      </Frame>
      {data.enabled ? null : <Text role="status">{t('unsubscribe.alreadyOff', { email: data.email })}</Text>}
      {unsubscribe.error ? (
        <Text role="alert" color="fg.error" fontWeight="semibold">
          {errorMessage(unsubscribe.error)}
        </Text>
      ) : null}
      {data.enabled ? (
        <Button
          type="button"
          alignSelf="flex-start"
          loading={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate()}
        >
          {t('unsubscribe.submit')}
        </Button>
      ) : null}
      <Text color="fg.muted">{t('unsubscribe.settingsHint')}</Text>
      {profileLink}
    </Stack>
  );
}
