import { Badge, Box, Heading, Stack, Text } from '@chakra-ui/react';
import { toast } from '@portal/ui/toast';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageList } from '#src/components/ui/message-bubble.tsx';
import { Fact } from '#src/components/ui/fact.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { useBotProtection } from '#src/components/bot-protection/use-bot-protection.tsx';
import { AddFilesSection, type AddFilesFailure } from '#src/components/forms/files-field.tsx';
import { TextForm, type TextFormOutcome } from '#src/components/forms/text-form.tsx';
import { AttachmentButtonList } from '#src/components/ui/attachment-lists.tsx';
import { errorMessage, isApiError, serverFieldErrors } from '#src/lib/errors.ts';
import { formatDateTime } from '#src/lib/format.ts';
import {
  downloadPublicAttachment,
  useAddPublicMessage,
  useUploadPublicAttachments,
} from '../api/public-support-mutations.ts';
import {
  publicAttachmentPreviewQueryOptions,
  publicRequestQueryOptions,
  type PublicMessage,
  type PublicStatus,
} from '../api/public-support-queries.ts';
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
          <AttachmentButtonList
            attachments={request.attachments}
            download={(attachment) => downloadPublicAttachment(request.id, code, attachment)}
            preview={(attachment, size) => publicAttachmentPreviewQueryOptions(request.id, code, attachment, size)}
            buttonText={t('detail.downloadButton')}
            labels={{ download: (name) => t('detail.download', { name }), failed: t('detail.downloadFailed') }}
          />
        </Box>
      ) : null}

      <Section title={t('detail.messages')}>
        <Messages messages={request.messages} />
      </Section>

      {closed ? (
        <Box role="note" borderWidth="1px" borderColor="border.emphasized" borderRadius="l2" p="4" bg="bg.muted">
          {t('detail.closed')}
        </Box>
      ) : (
        <Stack gap="8">
          <MessageForm id={request.id} code={code} />
          <AddFilesForm id={request.id} code={code} />
        </Stack>
      )}
    </Stack>
  );
}

function Messages({ messages }: { messages: PublicMessage[] }) {
  const { t } = useTranslation('publicSupport');
  const answered = messages.some((message) => message.author_role === 'operator');
  return (
    <Stack gap="3">
      <MessageList
        messages={messages}
        reader="visitor"
        author={(message, fromOperator) =>
          fromOperator
            ? message.author_name
              ? t('detail.operatorNamed', { name: message.author_name })
              : t('detail.operator')
            : t('detail.you')
        }
        testId="public-request-messages"
      />
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

/**
 * More files for an open request („Přidat přílohy“), as the incident's form: checked first by the
 * attachments' rules, sent with the access code and progress; the server's reason (which file,
 * why) at the field.
 */
function AddFilesForm({ id, code }: { id: number; code: string }) {
  const { t } = useTranslation('publicSupport');
  const upload = useUploadPublicAttachments(id, code);
  const onFailure = (failure: unknown): AddFilesFailure => {
    const [reason] = serverFieldErrors(failure, ['files'] as const);
    return { error: reason?.[1] ?? errorMessage(failure), focus: true };
  };

  return (
    <AddFilesSection
      fieldId="public-request-files"
      hint={t('fields.filesHint')}
      upload={upload}
      onFailure={onFailure}
    />
  );
}
