import { Box, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { toast } from '@portal/ui/toast';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailHeading } from '#src/components/ui/page-header.tsx';
import { AttachmentLinksSection } from '#src/components/ui/attachment-lists.tsx';
import { TextBlock } from '#src/components/ui/text-block.tsx';
import { Fact, FactGrid, VisitFact } from '#src/components/ui/fact.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { formatDate, formatDateTime, formatPhone } from '#src/lib/format.ts';
import { downloadStaffAttachment } from '../api/staff-incident-mutations.ts';
import {
  staffAttachmentPreviewQueryOptions,
  staffTicketQueryKey,
  staffTicketQueryOptions,
} from '../api/staff-incident-queries.ts';
import { PriorityBadge, StatusBadge } from './staff-badges.tsx';
import { StaffMessageForm } from './staff-message-form.tsx';
import { StaleNotice } from '#src/components/ui/stale-notice.tsx';
import { StaffTimeline } from './staff-timeline.tsx';
import { TicketChangesForm } from './ticket-changes-form.tsx';
import { useOwnVersions } from '#src/components/forms/use-base-version.ts';
import { VisitForm } from './visit-form.tsx';

/**
 * One ticket for the staff: the facts, description, attachments and the whole timeline with the
 * internal notes, then the quick changes, the visit window and the message form. The query polls,
 * so a colleague's change or the tenant's reply shows up while the page is open; a change made
 * on an older version is refused (412) and the page offers to load the ticket again.
 */
export function StaffTicketDetail({ id }: { id: number }) {
  const { t } = useTranslation('staffIncidents');
  const queryClient = useQueryClient();
  const { data: live } = useSuspenseQuery(staffTicketQueryOptions(id));
  const own = useOwnVersions();
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  // Bumped after a reload, so the forms start again from the version just read.
  const [generation, setGeneration] = useState(0);
  const ratingId = useId();
  const ticket = live.ticket;
  const closed = ticket.status === 'closed';

  const reload = async () => {
    setReloading(true);
    try {
      await queryClient.refetchQueries({ queryKey: staffTicketQueryKey(id), exact: true });
      setStale(null);
      setGeneration((value) => value + 1);
      toast.add({ severity: 'info', summary: t('stale.reloaded') });
    } finally {
      setReloading(false);
    }
  };

  return (
    <Stack gap="8">
      <DetailHeading label={t('detail.title', { id: ticket.id })} subject={ticket.subject} />
      <FactGrid columns={4}>
        <Fact label={t('detail.status')}>
          <StatusBadge status={ticket.status} />
        </Fact>
        <Fact label={t('detail.priority')}>
          <PriorityBadge priority={ticket.priority} />
        </Fact>
        <Fact label={t('detail.assignee')}>{ticket.assignee?.display_name ?? t('detail.unassigned')}</Fact>
        <VisitFact label={t('detail.visit')} visit={ticket.visit} none={t('detail.noVisit')} />
        <Fact label={t('detail.tenant')}>{ticket.tenant.name}</Fact>
        <Fact label={t('detail.building')}>{ticket.building.name}</Fact>
        <Fact label={t('detail.reporter')}>{ticket.reporter.display_name}</Fact>
        <Fact label={t('detail.contact')}>
          {ticket.contact_phone ? formatPhone(ticket.contact_phone) : t('detail.contactRegistered')}
        </Fact>
        <Fact label={t('detail.created')}>
          <time dateTime={ticket.created_at}>{formatDate(ticket.created_at)}</time>
        </Fact>
        <Fact label={t('detail.activity')}>
          <time dateTime={ticket.last_activity_at}>{formatDateTime(ticket.last_activity_at)}</time>
        </Fact>
      </FactGrid>
      <TextBlock heading={t('detail.description')} text={ticket.description} />
      {ticket.resolution ? <TextBlock heading={t('detail.resolution')} text={ticket.resolution} /> : null}
      {ticket.rating ? (
        <Box as="section" aria-labelledby={ratingId} data-testid="staff-ticket-rating">
          <Heading as="h2" id={ratingId} size="lg" mb="2">
            {t('detail.rating')}
          </Heading>
          <Text fontWeight="semibold">
            {ticket.rating.satisfied ? t('detail.ratingSatisfied') : t('detail.ratingDissatisfied')}
          </Text>
          {ticket.rating.comment ? (
            <Text whiteSpace="pre-wrap" wordBreak="break-word" mt="1">
              {ticket.rating.comment}
            </Text>
          ) : null}
          <Text textStyle="sm" color="fg.muted" mt="1">
            <time dateTime={ticket.rating.rated_at}>{formatDateTime(ticket.rating.rated_at)}</time>
          </Text>
        </Box>
      ) : null}
      <AttachmentLinksSection
        attachments={ticket.attachments}
        download={(attachment) => downloadStaffAttachment(ticket.id, attachment)}
        preview={(attachment, size) => staffAttachmentPreviewQueryOptions(ticket.id, attachment, size)}
        labels={{
          heading: t('detail.attachments'),
          empty: t('detail.noAttachments'),
          download: (name) => t('detail.download', { name }),
          failed: t('detail.downloadFailed'),
        }}
      />
      <Section title={t('detail.timeline')} hint={t('detail.timelineHint')}>
        <StaffTimeline entries={ticket.timeline} />
      </Section>
      <Separator />
      {stale ? (
        <StaleNotice
          title={t('stale.title')}
          message={stale}
          reloadLabel={t('stale.reload')}
          reloading={reloading}
          onReload={() => void reload()}
        />
      ) : null}
      {closed ? (
        <Text color="fg.muted">{t('detail.closedNote')}</Text>
      ) : (
        <Stack gap="10" key={generation}>
          <TicketChangesForm live={live} own={own} onStale={setStale} />
          <VisitForm live={live} own={own} onStale={setStale} />
          <StaffMessageForm live={live} own={own} />
        </Stack>
      )}
    </Stack>
  );
}
