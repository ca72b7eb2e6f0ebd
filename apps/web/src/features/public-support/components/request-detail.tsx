import { Badge, Box, Heading, Stack, Text } from '@chakra-ui/react';
import { toast } from '@portal/ui/toast';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageBubble } from '#src/components/ui/message-bubble.tsx';
import { Fact } from '#src/components/ui/fact.tsx';
import { useBotProtection } from '#src/components/bot-protection/use-bot-protection.tsx';
import { TextForm, type TextFormOutcome } from '#src/components/forms/text-form.tsx';
import { AttachmentButtonItem } from '#src/components/ui/attachment-lists.tsx';
import { errorMessage, isApiError } from '#src/lib/errors.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { downloadPublicAttachment, useAddPublicMessage } from '../api/public-support-mutations.ts';
import { publicRequestQueryOptions, type PublicMessage, type PublicStatus } from '../api/public-support-queries.ts';
import { MESSAGE_MAX } from '../utils/compose-request.ts';

const STATUS_PALETTE: Record<PublicStatus, string> = {
  open: 'blue',
  in_progress: 'orange',
  resolved: 'green',
  closed: 'gray',
};

/** The status in words; the colour only repeats them. */
export function PublicStatusBadge({ status }: { status: PublicStatus }) {
  const { t } = useTranslation('publicSupport');
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} variant="surface">
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * One public request: its facts, attachments, the conversation (the visitor's and the operator's
 * messages told apart by a label, not only by colour) and a form to write more. Polls, so the
 * operator's answer appears while the page is open.
 */
export function RequestDetail({ id, code }: { id: number; code: string }) {
  const { t } = useTranslation('publicSupport');
  const { data: request } = useSuspenseQuery(publicRequestQueryOptions(id, code));
  const messagesId = useId();
  const attachmentsId = useId();
  const closed = request.status === 'closed';

  return (
    <Stack gap="6" minW="0">
      <Box>
        <Text textStyle="sm" color="fg.muted">
          {t('detail.title', { id: request.id })}
        </Text>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word">
          {request.subject}
        </Heading>
      </Box>
      <Box
        as="dl"
        aria-label={t('detail.facts')}
        display="grid"
        gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }}
        gap="4"
        borderWidth="1px"
        borderColor="border"
        borderRadius="l3"
        p="4"
      >
        <Fact label={t('detail.number')}>{request.id}</Fact>
        <Fact label={t('detail.status')}>
          <PublicStatusBadge status={request.status} />
        </Fact>
        <Fact label={t('detail.category')}>{t(`category.${request.category}`)}</Fact>
        <Fact label={t('detail.created')}>
          <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
        </Fact>
        {request.building ? <Fact label={t('detail.building')}>{request.building.name}</Fact> : null}
        {request.location ? <Fact label={t('detail.location')}>{request.location}</Fact> : null}
        <Fact label={t('detail.name')}>{request.name ?? t('detail.anonymous')}</Fact>
      </Box>

      {request.attachments.length > 0 ? (
        <Box as="section" aria-labelledby={attachmentsId}>
          <Heading as="h2" id={attachmentsId} size="lg" mb="2">
            {t('detail.attachments')}
          </Heading>
          <Stack as="ul" listStyleType="none" gap="2">
            {request.attachments.map((attachment) => (
              <AttachmentButtonItem
                key={attachment.id}
                attachment={attachment}
                download={() => downloadPublicAttachment(request.id, code, attachment)}
                buttonText={t('detail.downloadButton')}
                labels={{ download: (name) => t('detail.download', { name }), failed: t('detail.downloadFailed') }}
              />
            ))}
          </Stack>
        </Box>
      ) : null}

      <Box as="section" aria-labelledby={messagesId}>
        <Heading as="h2" id={messagesId} size="lg" mb="3">
          {t('detail.messages')}
        </Heading>
        <Messages messages={request.messages} />
      </Box>

      {closed ? (
        <Box role="note" borderWidth="1px" borderColor="border.emphasized" borderRadius="l2" p="4" bg="bg.muted">
          {t('detail.closed')}
        </Box>
      ) : (
        <MessageForm id={request.id} code={code} />
      )}
    </Stack>
  );
}

function Messages({ messages }: { messages: PublicMessage[] }) {
  const { t } = useTranslation('publicSupport');
  const answered = messages.some((message) => message.author_role === 'operator');
  return (
    <Stack gap="3">
      <Stack as="ol" listStyleType="none" gap="3" data-testid="public-request-messages">
        {messages.map((message) => {
          const fromOperator = message.author_role === 'operator';
          const author = fromOperator
            ? message.author_name
              ? t('detail.operatorNamed', { name: message.author_name })
              : t('detail.operator')
            : t('detail.you');
          return (
            <MessageBubble
              key={message.id}
              data-author={message.author_role}
              author={author}
              createdAt={message.created_at}
              body={message.body}
              fromOperator={fromOperator}
              own={!fromOperator}
            />
          );
        })}
      </Stack>
      {answered ? null : <Text color="fg.muted">{t('detail.waiting')}</Text>}
    </Stack>
  );
}

/** The visitor's next message; bot-protected like the create, and nothing typed is lost on an error. */
function MessageForm({ id, code }: { id: number; code: string }) {
  const { t } = useTranslation('publicSupport');
  const add = useAddPublicMessage(id, code);
  const bot = useBotProtection('public-support-message');
  const check = useCallback(
    (text: string) => (text === '' ? t('message.required') : text.length > MESSAGE_MAX ? t('message.tooLong') : null),
    [t],
  );

  const send = async (text: string): Promise<TextFormOutcome> => {
    try {
      const botToken = await bot.token();
      if (botToken === undefined) return { ok: false, message: t('errors.botCheck') };
      try {
        await add.mutateAsync({ body: text, botToken });
      } finally {
        bot.reset();
      }
    } catch (failure) {
      // Only the bot check's own preparation fails without an API answer.
      const message = isApiError(failure) ? errorMessage(failure) : t('errors.botPrepare');
      toast.add({ severity: 'error', summary: t('message.failed'), detail: message });
      return { ok: false, message };
    }
    toast.add({ severity: 'success', summary: t('message.sent') });
    return { ok: true, clear: true };
  };

  return (
    <TextForm
      fieldId="public-request-message"
      title={t('message.title')}
      label={t('message.label')}
      rows={4}
      check={check}
      submitLabel={t('message.submit')}
      pending={add.isPending}
      send={send}
    >
      {bot.widget}
    </TextForm>
  );
}
