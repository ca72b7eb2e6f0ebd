import { Badge, Box, Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { toast } from '@portal/ui/toast';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { href } from '#src/config/paths.ts';
import { formatDate } from '#src/lib/format.ts';
import { forgetRequest, useRememberedRequests } from '../utils/remembered-requests.ts';

/**
 * The requests this browser holds the access codes of, newest first. Links carry no code (the
 * request page takes it from this list), and each entry can be forgotten, e.g. on a shared
 * computer.
 */
export function RememberedRequests() {
  const { t } = useTranslation('publicSupport');
  const requests = useRememberedRequests();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  const forget = (id: number) => {
    forgetRequest(id);
    toast.add({ severity: 'success', summary: t('list.forgotten', { id }), detail: t('list.forgottenDetail') });
    // The button is gone: focus goes to the list's heading instead of the page's start.
    heading.current?.focus();
  };

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading ref={heading} tabIndex={-1} as="h2" id={headingId} size="lg" mb="1" outline="none">
        {t('list.rememberedTitle')}
      </Heading>
      <Text color="fg.muted" mb="3">
        {t('list.rememberedHint')}
      </Text>
      {requests.length === 0 ? (
        <Text>{t('list.rememberedEmpty')}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" data-testid="remembered-requests">
          {requests.map((request) => (
            <Flex
              as="li"
              key={request.id}
              borderWidth="1px"
              borderColor="border"
              borderRadius="l3"
              p="4"
              gap="3"
              direction={{ base: 'column', sm: 'row' }}
              align={{ base: 'stretch', sm: 'center' }}
              justify="space-between"
            >
              <Box minW="0">
                <Link asChild color="brand.fg" fontWeight="semibold" textDecoration="underline" wordBreak="break-word">
                  <RouterLink to={href('publicSupportDetail', { id: request.id })}>
                    {t('list.requestLink', { id: request.id, subject: request.subject })}
                  </RouterLink>
                </Link>
                <Flex gap="2" mt="1" wrap="wrap" align="center">
                  <Badge variant="outline">{t(`category.${request.category}`)}</Badge>
                  <Text textStyle="sm" color="fg.muted">
                    {t('list.createdOn', { date: formatDate(request.created) })}
                  </Text>
                </Flex>
              </Box>
              <Button
                variant="outline"
                size="sm"
                alignSelf={{ base: 'flex-start', sm: 'center' }}
                aria-label={t('list.forgetLabel', { id: request.id })}
                onClick={() => forget(request.id)}
              >
                {t('list.forget')}
              </Button>
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  );
}
