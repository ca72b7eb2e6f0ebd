import { Separator, Stack } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailHeading } from '#src/components/ui/page-header.tsx';
import { AttachmentLinksSection } from '#src/components/ui/attachment-lists.tsx';
import { TextBlock } from '#src/components/ui/text-block.tsx';
import { Fact, FactGrid, VisitFact } from '#src/components/ui/fact.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { formatDate, formatPhone } from '#src/lib/format.ts';
import { attachmentPreviewQueryOptions, downloadAttachment } from '../api/attachments.ts';
import { incidentQueryOptions } from '../api/incident-queries.ts';
import { useMarkSeen } from '../api/incident-mutations.ts';
import { AddAttachmentsForm, ClosedNote, CloseIncidentForm, CommentForm } from './incident-actions.tsx';
import { FixQuestion, GivenRating, RatingForm } from './incident-answer.tsx';
import { PriorityBadge, StatusBadge } from './incident-badges.tsx';
import { IncidentTimeline } from './incident-timeline.tsx';

/**
 * One incident: facts, description, timeline, attachments and – while not closed – the
 * comment, attachment and close forms. The query polls (see incidentQueryOptions), so the
 * operator's changes appear while the page is open.
 */
export function IncidentDetailView({ id }: { id: number }) {
  const { t } = useTranslation('incidents');
  const { data: incident } = useSuspenseQuery(incidentQueryOptions(id));
  const closed = incident.status === 'closed';
  const resolved = incident.status === 'resolved';
  // Closed while this page is open: the note may take the focus the close form had.
  const openOnArrival = useRef(!closed);
  // Every state of the ticket shown here counts as seen (its news mark goes).
  useMarkSeen(incident.id, incident.updated_at);

  return (
    <Stack gap="8">
      <DetailHeading label={t('detail.title', { id: incident.id })} subject={incident.subject} />
      <FactGrid columns={3}>
        <Fact label={t('detail.status')}>
          <StatusBadge status={incident.status} />
        </Fact>
        <Fact label={t('detail.priority')}>
          <PriorityBadge priority={incident.priority} />
        </Fact>
        <Fact label={t('detail.building')}>{incident.building.name}</Fact>
        <Fact label={t('detail.created')}>
          <time dateTime={incident.created_at}>{formatDate(incident.created_at)}</time>
        </Fact>
        <Fact label={t('detail.contact')}>
          {incident.contact_phone ? formatPhone(incident.contact_phone) : t('detail.contactRegistered')}
        </Fact>
        <Fact label={t('detail.assignee')}>{incident.assignee?.display_name ?? t('detail.unassigned')}</Fact>
        <VisitFact label={t('detail.visit')} visit={incident.visit} none={t('detail.noVisit')} />
      </FactGrid>
      <TextBlock heading={t('detail.description')} text={incident.description} />
      {incident.resolution ? <TextBlock heading={t('detail.resolution')} text={incident.resolution} /> : null}
      <AttachmentLinksSection
        attachments={incident.attachments}
        download={(attachment) => downloadAttachment(incident.id, attachment)}
        preview={(attachment, size) => attachmentPreviewQueryOptions(incident.id, attachment, size)}
        labels={{
          heading: t('detail.attachments'),
          empty: t('detail.noAttachments'),
          download: (name) => t('detail.download', { name }),
          failed: t('detail.downloadFailed'),
        }}
      />
      <Section title={t('detail.timeline')}>
        <IncidentTimeline entries={incident.timeline} />
      </Section>
      <Separator />
      {closed ? (
        <Stack gap="8">
          {incident.rating ? <GivenRating rating={incident.rating} /> : null}
          {incident.can_rate ? <RatingForm incidentId={incident.id} /> : null}
          <ClosedNote takeFocus={openOnArrival.current && !incident.can_rate} />
        </Stack>
      ) : (
        <Stack gap="8">
          {resolved ? <FixQuestion incidentId={incident.id} /> : null}
          <CommentForm incidentId={incident.id} />
          <AddAttachmentsForm incidentId={incident.id} />
          {resolved ? null : (
            <CloseIncidentForm incidentId={incident.id} inProgress={incident.status === 'in_progress'} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
