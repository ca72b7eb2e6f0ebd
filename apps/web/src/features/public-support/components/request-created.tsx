import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { href } from '#src/config/paths.ts';
import { copyToClipboard } from '#src/lib/clipboard.ts';
import type { PublicRequest } from '../api/public-support-queries.ts';

/** The address that opens a request directly, as the confirmation e-mail has it. */
export function requestLink(id: number, code: string): string {
  return `${window.location.origin}${href('publicSupportDetail', { id })}?code=${encodeURIComponent(code)}`;
}

const copy = (text: string, done: string, failed: string) => copyToClipboard(text, { done, failed });

/**
 * What a visitor sees after sending a request, a fault report or an order: the id and the access
 * code large and copyable, since they are the only way back to the request from another device.
 * The heading takes focus, so screen readers announce the outcome.
 */
export function RequestCreated({
  request,
  title,
  email,
  remembered,
  notice,
  onAnother,
}: {
  request: PublicRequest;
  title: string;
  email: string | null;
  remembered: boolean;
  /** Something that went wrong after the create (the photo), shown first. */
  notice?: ReactNode;
  onAnother: () => void;
}) {
  const { t } = useTranslation('publicSupport');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { id, access_code: code } = request;

  return (
    <Stack gap="5" maxW="2xl">
      <PageTitle title={title} />
      <Heading ref={heading} tabIndex={-1} as="h1" size={{ base: '2xl', md: '3xl' }} outline="none">
        {title}
      </Heading>
      {notice}
      <Text>{t('created.intro')}</Text>
      <Box
        as="dl"
        borderWidth="2px"
        borderColor="brand.solid"
        borderRadius="l3"
        p={{ base: '4', md: '5' }}
        display="grid"
        gap="3"
        data-testid="public-request-credentials"
      >
        <Box>
          <Text as="dt" fontWeight="semibold">
            {t('created.id')}
          </Text>
          <Text as="dd" fontSize="3xl" fontWeight="bold" lineHeight="short">
            {id}
          </Text>
        </Box>
        <Box>
          <Text as="dt" fontWeight="semibold">
            {t('created.code')}
          </Text>
          <Text
            as="dd"
            fontSize={{ base: 'xl', md: '2xl' }}
            fontFamily="mono"
            wordBreak="break-all"
            userSelect="all"
            data-testid="public-request-code"
          >
            {code}
          </Text>
        </Box>
      </Box>
      <HStack gap="3" wrap="wrap">
        <Button onClick={() => void copy(code, t('created.copiedCode'), t('created.copyFailed'))}>
          {t('created.copyCode')}
        </Button>
        <Button
          variant="outline"
          onClick={() => void copy(requestLink(id, code), t('created.copiedLink'), t('created.copyFailed'))}
        >
          {t('created.copyLink')}
        </Button>
      </HStack>
      <Text role="status">{remembered ? t('created.remembered') : t('created.notRemembered')}</Text>
      {/* A long address has no break opportunity of its own; on a 360 px phone it must wrap. */}
      {email ? <Text overflowWrap="anywhere">{t('created.mailed', { email })}</Text> : null}
      <HStack gap="3" wrap="wrap">
        <Button asChild variant="outline">
          {/* Without the code when this browser remembers it; otherwise the page needs it in the address. */}
          <RouterLink
            to={
              remembered
                ? href('publicSupportDetail', { id })
                : `${href('publicSupportDetail', { id })}?code=${encodeURIComponent(code)}`
            }
          >
            {t('created.open')}
          </RouterLink>
        </Button>
        <Button variant="ghost" onClick={onAnother}>
          {t('created.another')}
        </Button>
      </HStack>
    </Stack>
  );
}
