import { Button, Flex, Heading, Input, Link, Text } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Frame } from '#src/components/ui/frame.tsx';

/** The BFF's public feed (apps/bff routes/calendar-feed): no login, no custom header needed. */
export const CALENDAR_FEED_PATH = '/kalendar/planovane-vypadky.ics';

/** The feed's address for this portal, narrowed to one building when the page is. */
export function calendarFeedUrl(origin: string, building: number | null): string {
  return `${origin}${CALENDAR_FEED_PATH}${building === null ? '' : `?budova=${building}`}`;
}

/** `https://…` → `webcal://…`: the scheme that makes the system's calendar offer a subscription. */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');

/**
 * How to subscribe to the outages in a calendar application: the feed's address with a copy
 * button, and a webcal:// link that opens the system's calendar. Only public outages are in the
 * feed (a calendar application cannot log in), which the text says.
 */
export function CalendarFeed({ building, buildingName }: { building: number | null; buildingName: string | null }) {
  const { t } = useTranslation('plannedOutages');
  const headingId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const url = calendarFeedUrl(window.location.origin, building);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      // No clipboard access (plain HTTP, a refused permission): select the text for Ctrl+C.
      input.current?.select();
      setCopied('failed');
    }
  };

  return (
    <Frame as="section" aria-labelledby={headingId} p={{ base: '4', md: '5' }}>
      <Heading as="h2" id={headingId} size="md" mb="2">
        {t('feed.title')}
      </Heading>
      <Text mb="3">
        {buildingName === null ? t('feed.intro') : t('feed.introBuilding', { building: buildingName })}
      </Text>
      <label htmlFor={inputId}>
        <Text fontWeight="medium" mb="1">
          {t('feed.address')}
        </Text>
      </label>
      <Flex gap="2" wrap="wrap">
        <Input
          id={inputId}
          ref={input}
          readOnly
          value={url}
          flex="1"
          minW="min(100%, 16rem)"
          fontFamily="mono"
          fontSize="sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline" onClick={() => void copy()}>
          {t('feed.copy')}
        </Button>
      </Flex>
      <Text role="status" mt="2" minH="6" color={copied === 'failed' ? 'fg.error' : 'fg.muted'}>
        {copied === 'yes' ? t('feed.copied') : copied === 'failed' ? t('feed.copyFailed') : ''}
      </Text>
      <Flex gap="4" wrap="wrap" mt="1">
        <Link href={webcalUrl(url)} color="brand.fg" textDecoration="underline">
          {t('feed.subscribe')}
        </Link>
        <Link href={url} download="planovane-vypadky.ics" color="brand.fg" textDecoration="underline">
          {t('feed.download')}
        </Link>
      </Flex>
      <Text textStyle="sm" color="fg.muted" mt="3">
        {t('feed.publicOnly')}
      </Text>
    </Frame>
  );
}
