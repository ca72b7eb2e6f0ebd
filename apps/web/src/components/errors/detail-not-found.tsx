import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageTitle } from '#src/components/ui/page-title.tsx';

/**
 * An item that does not exist or is another tenant's (both answer 404 alike): the way back, a
 * large 404 and the message, which is also the document title.
 */
export function DetailNotFound({ message, back }: { message: string; back: ReactNode }) {
  return (
    <Stack gap="4">
      <PageTitle title={message} error />
      {back}
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        404
      </Heading>
      <Text fontSize="lg" role="alert">
        {message}
      </Text>
    </Stack>
  );
}
