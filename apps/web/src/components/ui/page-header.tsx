import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { keepShortWordsWithNext } from '#src/lib/format.ts';
import { PageTitle } from './page-title.tsx';

/** A page's document title and its h1, both `title`. */
export function PageHeading({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {title}
      </Heading>
    </>
  );
}

/**
 * A page's document title, its h1 and a muted introduction under it. The introduction is the
 * longest running text of most pages, so a one-letter word never ends one of its lines.
 */
export function PageHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <Stack gap="2">
      <PageHeading title={title} />
      <Text color="fg.muted" maxW="3xl">
        {keepShortWordsWithNext(intro)}
      </Text>
    </Stack>
  );
}

/**
 * The h1 of one item's detail: its subject (which may be long, so it wraps anywhere), with a
 * muted line above naming the item („Incident č. 12"). The document title is the route's.
 */
export function DetailHeading({ label, subject }: { label: string; subject: string }) {
  return (
    <Box>
      <Text color="fg.muted">{label}</Text>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word">
        {subject}
      </Heading>
    </Box>
  );
}
