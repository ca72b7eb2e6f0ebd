import { Heading, Stack, Text } from '@chakra-ui/react';
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

/** A page's document title, its h1 and a muted introduction under it. */
export function PageHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <Stack gap="2">
      <PageHeading title={title} />
      <Text color="fg.muted" maxW="3xl">
        {intro}
      </Text>
    </Stack>
  );
}
