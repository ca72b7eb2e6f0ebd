import { Box, Heading, Text } from '@chakra-ui/react';

/** A long text someone wrote (a description, a resolution) under its heading, line breaks kept. */
export function TextBlock({ heading, text }: { heading: string; text: string }) {
  return (
    <Box>
      <Heading as="h2" size="lg" mb="2">
        {heading}
      </Heading>
      <Text whiteSpace="pre-wrap" wordBreak="break-word">
        {text}
      </Text>
    </Box>
  );
}
