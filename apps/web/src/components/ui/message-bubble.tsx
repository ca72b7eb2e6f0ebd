import { Box, Stack, Text, type BoxProps } from '@chakra-ui/react';
import { formatDateTime } from '#src/lib/format.ts';

/**
 * One message of a conversation as a list item: who wrote it (in words, not only by colour),
 * when, and the text with its line breaks. The operator's messages are in the brand colours;
 * the reader's own are set in from the start on a wide screen, the other side's from the end.
 */
export function MessageBubble({
  author,
  createdAt,
  body,
  fromOperator,
  own,
  ...rest
}: {
  author: string;
  createdAt: string;
  body: string;
  fromOperator: boolean;
  own: boolean;
} & Omit<BoxProps, 'children'>) {
  return (
    <Box
      as="li"
      {...rest}
      borderLeftWidth="4px"
      borderColor={fromOperator ? 'brand.solid' : 'border.emphasized'}
      bg={fromOperator ? 'brand.subtle' : 'bg.subtle'}
      borderRadius="l2"
      px="4"
      py="3"
      ms={{ base: '0', md: own ? '8' : '0' }}
      me={{ base: '0', md: own ? '0' : '8' }}
    >
      <Text fontWeight="semibold">{author}</Text>
      <Text textStyle="sm" color="fg.muted">
        <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
      </Text>
      <Text mt="1" whiteSpace="pre-wrap" wordBreak="break-word">
        {body}
      </Text>
    </Box>
  );
}

/** A message of a public request's conversation, as the lists show it. */
interface ListedMessage {
  id: number;
  author_role: string;
  created_at: string;
  body: string;
}

/**
 * A conversation, oldest first, as an ordered list of {@link MessageBubble}s: `author` names
 * each message's writer, and `reader` says whose side the page is read from (set in as own).
 */
export function MessageList<Message extends ListedMessage>({
  messages,
  reader,
  author,
  testId,
}: {
  messages: readonly Message[];
  reader: 'operator' | 'visitor';
  author: (message: Message, fromOperator: boolean) => string;
  testId: string;
}) {
  return (
    <Stack as="ol" listStyleType="none" gap="3" data-testid={testId}>
      {messages.map((message) => {
        const fromOperator = message.author_role === 'operator';
        return (
          <MessageBubble
            key={message.id}
            data-author={message.author_role}
            author={author(message, fromOperator)}
            createdAt={message.created_at}
            body={message.body}
            fromOperator={fromOperator}
            own={fromOperator === (reader === 'operator')}
          />
        );
      })}
    </Stack>
  );
}
