import { Badge, Box, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ActiveSessionInfo } from '@portal/sdk/client';
import { Button } from '@portal/ui/button';
import { toast } from '@portal/ui/toast';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainList } from '#src/components/ui/plain-list.tsx';
import { errorMessage } from '#src/lib/errors.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { useEndSession, useLogOutEverywhere, useSessions } from '../api/profile.ts';
import { PasswordConfirmForm } from './password-confirm-form.tsx';

/** „Firefox 133, Windows", or „Neznámé zařízení" when the browser told nothing. */
function deviceName(session: ActiveSessionInfo, t: TFunction<'profile'>): string {
  const parts = [session.browser, session.os].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : t('sessions.unknownDevice');
}

/**
 * „Přihlášená zařízení" on /profil: the user's sessions (this one marked), each other one with
 * a way to log it out, and „log out everywhere" confirmed by the password (docs/security.md).
 */
export function SessionsSection() {
  const { t } = useTranslation(['profile', 'common']);
  const headingId = useId();
  const sessions = useSessions();
  const endSession = useEndSession();

  const end = async (session: ActiveSessionInfo) => {
    await endSession.mutateAsync({ params: { path: { sessionId: session.id } } });
    toast.add({ severity: 'success', summary: t('sessions.ended'), group: 'profile' });
  };

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="xl" mb="2">
        {t('sessions.title')}
      </Heading>
      <Text mb="5" color="fg.muted">
        {t('sessions.intro')}
      </Text>
      {sessions.isPending ? (
        <Spinner aria-label={t('common:loading')} />
      ) : sessions.data ? (
        <PlainList gap="3" mb="8">
          {sessions.data.map((session) => {
            const name = deviceName(session, t);
            return (
              <Flex
                as="li"
                key={session.id}
                borderWidth="1px"
                borderColor="border"
                borderRadius="l3"
                p="4"
                gap="3"
                justify="space-between"
                align={{ base: 'flex-start', sm: 'center' }}
                direction={{ base: 'column', sm: 'row' }}
              >
                <Stack gap="1">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text fontWeight="semibold">{name}</Text>
                    {session.current ? (
                      <Badge variant="subtle" colorPalette="green">
                        {t('sessions.current')}
                      </Badge>
                    ) : null}
                  </Flex>
                  <Text color="fg.muted" textStyle="sm">
                    {t('sessions.lastActive', { date: formatDateTime(session.lastActiveAt) })}
                    {' · '}
                    {t('sessions.loggedInAt', { date: formatDateTime(session.createdAt) })}
                  </Text>
                </Stack>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('sessions.endDevice', { device: name })}
                    loading={endSession.isPending && endSession.variables.params.path.sessionId === session.id}
                    onClick={() => void end(session).catch(() => undefined)}
                  >
                    {t('sessions.end')}
                  </Button>
                )}
              </Flex>
            );
          })}
        </PlainList>
      ) : (
        <Text role="alert" mb="8">
          {sessions.error ? errorMessage(sessions.error) : t('sessions.loadFailed')}
        </Text>
      )}
      <LogOutEverywhereForm />
    </Box>
  );
}

function LogOutEverywhereForm() {
  const logOut = useLogOutEverywhere();

  return (
    <PasswordConfirmForm
      passwordId="sessions-password"
      words="sessions.everywhere"
      onConfirm={(password) => logOut.mutateAsync({ body: { password } })}
    />
  );
}
