import { Box, Flex, Heading, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageList } from '#src/components/ui/message-bubble.tsx';
import { DetailHeading } from '#src/components/ui/page-header.tsx';
import { Fact } from '#src/components/ui/fact.tsx';
import { StaleReloadNotice, useStaleReload } from '#src/components/ui/stale-notice.tsx';
import { AttachmentButtonList } from '#src/components/ui/attachment-lists.tsx';
import { formatDateTime, formatPhone } from '#src/lib/format.ts';
import { downloadRequestAttachment } from '../api/staff-public-support-mutations.ts';
import {
  requestAttachmentPreviewQueryOptions,
  staffRequestQueryKey,
  staffRequestQueryOptions,
  type RequestMessage,
  type StaffRequestDetail as RequestDetailData,
} from '../api/staff-public-support-queries.ts';
import { AnswerForm } from './answer-form.tsx';
import { AwaitingBadge, RequestStatusBadge } from './request-badges.tsx';
import { RequestStatusForm } from './request-status-form.tsx';

/**
 * One public request for the staff: the facts, the visitor's contact, the files and the
 * conversation, then the status (with closing) and the answer form. The query polls, so the
 * visitor's reply or a colleague's change shows up while the page is open; a status change made
 * on an older version is refused (412) and the page offers to load the request again.
 */
export function StaffRequestDetail({ id }: { id: number }) {
  const { t } = useTranslation('staffPublicSupport');
  const queryClient = useQueryClient();
  const { data: live } = useSuspenseQuery(staffRequestQueryOptions(id));
  // Bumped after a reload, so the forms start again from the version just read.
  const [generation, setGeneration] = useState(0);
  const staleReload = useStaleReload({
    refetch: async () => {
      await queryClient.refetchQueries({ queryKey: staffRequestQueryKey(id), exact: true });
      setGeneration((value) => value + 1);
    },
    reloaded: t('stale.reloaded'),
  });
  const request = live.request;
  const closed = request.status === 'closed';

  return (
    <Stack gap="8" minW="0">
      <DetailHeading label={t('detail.title', { id: request.id })} subject={request.subject} />
      <Box
        as="dl"
        aria-label={t('detail.facts')}
        display="grid"
        gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }}
        gap="4"
      >
        <Fact label={t('detail.status')}>
          <Flex gap="2" wrap="wrap">
            <RequestStatusBadge status={request.status} />
            {request.awaiting_answer ? <AwaitingBadge /> : null}
          </Flex>
        </Fact>
        <Fact label={t('detail.category')}>{t(`category.${request.category}`)}</Fact>
        <Fact label={t('detail.building')}>{request.building?.name ?? t('detail.noBuilding')}</Fact>
        {request.location ? <Fact label={t('detail.location')}>{request.location}</Fact> : null}
        <Fact label={t('detail.created')}>
          <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
        </Fact>
        <Fact label={t('detail.updated')}>
          <time dateTime={request.updated_at}>{formatDateTime(request.updated_at)}</time>
        </Fact>
      </Box>
      <Contact request={request} />
      <Attachments request={request} />
      <Messages messages={request.messages} visitor={request.name} awaiting={request.awaiting_answer} />
      <Separator />
      <StaleReloadNotice state={staleReload} title={t('stale.title')} reloadLabel={t('stale.reload')} />
      {closed ? (
        <Box role="note" borderWidth="1px" borderColor="border.emphasized" borderRadius="l2" p="4" bg="bg.muted">
          {t('detail.closed')}
        </Box>
      ) : (
        <Stack gap="10" key={generation}>
          <AnswerForm requestId={request.id} />
          <RequestStatusForm live={live} onStale={staleReload.setStale} />
        </Stack>
      )}
    </Stack>
  );
}

function Contact({ request }: { request: RequestDetailData }) {
  const { t } = useTranslation('staffPublicSupport');
  const headingId = useId();
  const notGiven = (
    <Text as="span" color="fg.muted" fontWeight="normal">
      {t('detail.notGiven')}
    </Text>
  );
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb="3">
        {t('detail.contact')}
      </Heading>
      <Box
        as="dl"
        display="grid"
        gridTemplateColumns={{ base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }}
        gap="4"
        borderWidth="1px"
        borderColor="border"
        borderRadius="l3"
        p="4"
      >
        <Fact label={t('detail.name')}>{request.name ?? notGiven}</Fact>
        <Fact label={t('detail.email')}>
          {request.email ? (
            <Link
              href={`mailto:${request.email}`}
              color="brand.fg"
              textDecoration="underline"
              wordBreak="break-all"
              aria-label={t('detail.writeEmail', { email: request.email })}
            >
              {request.email}
            </Link>
          ) : (
            notGiven
          )}
        </Fact>
        <Fact label={t('detail.phone')}>
          {request.phone ? (
            <Link
              href={`tel:${request.phone.replace(/\s+/g, '')}`}
              color="brand.fg"
              textDecoration="underline"
              aria-label={t('detail.call', { phone: formatPhone(request.phone) })}
            >
              {formatPhone(request.phone)}
            </Link>
          ) : (
            notGiven
          )}
        </Fact>
      </Box>
      {!request.email && !request.phone ? (
        <Text mt="2" color="fg.muted">
          {t('detail.noContact')}
        </Text>
      ) : null}
    </Box>
  );
}

function Attachments({ request }: { request: RequestDetailData }) {
  const { t } = useTranslation('staffPublicSupport');
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb="2">
        {t('detail.attachments')}
      </Heading>
      {request.attachments.length === 0 ? (
        <Text color="fg.muted">{t('detail.noAttachments')}</Text>
      ) : (
        <AttachmentButtonList
          attachments={request.attachments}
          // Through the SDK with the CSRF header: the BFF refuses a plain navigation.
          download={(attachment) => downloadRequestAttachment(request.id, attachment)}
          preview={(attachment, size) => requestAttachmentPreviewQueryOptions(request.id, attachment, size)}
          buttonText={t('detail.downloadButton')}
          labels={{ download: (name) => t('detail.download', { name }), failed: t('detail.downloadFailed') }}
        />
      )}
    </Box>
  );
}

/** The conversation, oldest first; who wrote each message is said in words, not only by colour. */
function Messages({
  messages,
  visitor,
  awaiting,
}: {
  messages: RequestMessage[];
  visitor: string | null;
  awaiting: boolean;
}) {
  const { t } = useTranslation('staffPublicSupport');
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb="3">
        {t('detail.messages')}
      </Heading>
      <MessageList
        messages={messages}
        reader="operator"
        author={(message, fromOperator) =>
          fromOperator
            ? message.author_name
              ? t('detail.operatorNamed', { name: message.author_name })
              : t('detail.operator')
            : visitor
              ? t('detail.visitorNamed', { name: visitor })
              : t('detail.visitor')
        }
        testId="staff-request-messages"
      />
      {awaiting ? (
        <Text mt="3" color="fg.muted">
          {t('detail.awaiting')}
        </Text>
      ) : null}
    </Box>
  );
}
