import { Box, chakra, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { toast } from '@portal/ui/toast';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '#src/components/errors/describe-error.ts';
import type { PreviewQueryOptions, PreviewSize } from '#src/lib/attachment-previews.ts';
import { errorMessage } from '#src/lib/errors.ts';
import { formatFileSize } from '#src/lib/format.ts';
import { ImageViewer } from './image-viewer.tsx';
import { useObjectUrl } from './use-object-url.ts';
import './attachments-i18n.ts';

/** What the lists show of an attachment. */
interface ListedAttachment {
  id: number;
  file_name: string;
  content_type: string;
  size: number;
}

/** The feature's own words for an attachment list. */
export interface AttachmentListLabels {
  empty: string;
  /** The accessible name of one download: „Stáhnout {name}". */
  download: (fileName: string) => string;
  /** The toast's summary when a download fails. */
  failed: string;
}

/** The feature's preview of an attachment (lib/attachment-previews.ts), for images only. */
export type AttachmentPreview<A> = (attachment: A, size: PreviewSize) => PreviewQueryOptions;

/**
 * Types the API makes previews of (upstream.yaml previewSupportTicketAttachment); HEIC ones are
 * stored as JPEG, older HEIC uploads still have previews.
 */
const PREVIEWABLE = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif']);
export const hasPreview = (attachment: Pick<ListedAttachment, 'content_type'>) =>
  PREVIEWABLE.has(attachment.content_type);

/**
 * A ticket's attachments, a section under its heading: images as thumbnails that open the
 * viewer, and every file as a link by its name with its size, or a line saying there are none.
 * The link has the file's address (copy, open in a new tab) but a click downloads it through
 * the SDK with the CSRF header, since the BFF refuses a plain navigation.
 */
export function AttachmentLinksSection<A extends ListedAttachment & { download_url: string }>({
  attachments,
  download,
  preview,
  labels,
}: {
  attachments: readonly A[];
  download: (attachment: A) => Promise<void>;
  preview: AttachmentPreview<A>;
  labels: AttachmentListLabels & { heading: string };
}) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb="2">
        {labels.heading}
      </Heading>
      {attachments.length === 0 ? (
        <Text color="fg.muted">{labels.empty}</Text>
      ) : (
        <AttachmentList
          attachments={attachments}
          download={download}
          preview={preview}
          failed={labels.failed}
          control={(attachment) => (
            <Link
              href={attachment.download_url}
              download={attachment.file_name}
              onClick={(event) => {
                event.preventDefault();
                download(attachment).catch((error: unknown) => {
                  toast.add({ severity: 'error', summary: labels.failed, detail: describeError(error).message });
                });
              }}
              color="brand.fg"
              textDecoration="underline"
              wordBreak="break-all"
              aria-label={labels.download(attachment.file_name)}
            >
              {attachment.file_name}
            </Link>
          )}
        />
      )}
    </Box>
  );
}

/**
 * A public request's attachments as a list: images as thumbnails that open the viewer, and for
 * every file a download button (busy while it downloads), its name and its size.
 */
export function AttachmentButtonList<A extends ListedAttachment>({
  attachments,
  download,
  preview,
  buttonText,
  labels,
}: {
  attachments: readonly A[];
  download: (attachment: A) => Promise<void>;
  preview: AttachmentPreview<A>;
  buttonText: string;
  labels: Omit<AttachmentListLabels, 'empty'>;
}) {
  return (
    <AttachmentList
      attachments={attachments}
      download={download}
      preview={preview}
      failed={labels.failed}
      control={(attachment) => (
        <>
          <DownloadButton
            label={labels.download(attachment.file_name)}
            text={buttonText}
            failed={labels.failed}
            download={() => download(attachment)}
          />
          <Text wordBreak="break-all">{attachment.file_name}</Text>
        </>
      )}
    />
  );
}

/** The list both kinds share: each item's thumbnail (images), control and size, and the viewer. */
function AttachmentList<A extends ListedAttachment>({
  attachments,
  download,
  preview,
  failed,
  control,
}: {
  attachments: readonly A[];
  download: (attachment: A) => Promise<void>;
  preview: AttachmentPreview<A>;
  failed: string;
  control: (attachment: A) => ReactNode;
}) {
  const images = attachments.filter(hasPreview);
  const [viewed, setViewed] = useState<number | null>(null);
  return (
    <>
      <Stack as="ul" listStyleType="none" gap="3" m="0" p="0">
        {attachments.map((attachment) => (
          // The thumbnail stays beside its file's name and control, which wrap in the space left.
          <Flex as="li" key={attachment.id} gap="3" align="center" minW="0">
            {hasPreview(attachment) ? (
              <Thumbnail
                attachment={attachment}
                preview={preview}
                onOpen={() => setViewed(images.indexOf(attachment))}
              />
            ) : null}
            <Flex gap="2" wrap="wrap" align="center" minW="0" flex="1">
              {control(attachment)}
              <Text textStyle="sm" color="fg.muted">
                {formatFileSize(attachment.size)}
              </Text>
            </Flex>
          </Flex>
        ))}
      </Stack>
      <ImageViewer
        images={images}
        index={viewed}
        onIndexChange={setViewed}
        onClose={() => setViewed(null)}
        preview={preview}
        download={download}
        downloadFailed={failed}
      />
    </>
  );
}

/** Thumbnails are shown this large (CSS px); the API's small preview fits 320 px, sharp on 3× screens. */
const THUMBNAIL_SIZE = '6rem';

/**
 * An image attachment's thumbnail, a button that opens the viewer. Its picture is the small
 * preview (a few KB, not the original), alt text the file name; while it loads the button is
 * marked busy, and an image without a preview still opens the viewer, which says so.
 */
function Thumbnail<A extends ListedAttachment>({
  attachment,
  preview,
  onOpen,
}: {
  attachment: A;
  preview: AttachmentPreview<A>;
  onOpen: () => void;
}) {
  const { t } = useTranslation('attachments');
  const { data, isError } = useQuery(preview(attachment, 'small'));
  const url = useObjectUrl(data);
  return (
    <chakra.button
      type="button"
      onClick={onOpen}
      aria-label={t('thumbnail.show', { name: attachment.file_name })}
      aria-busy={url === undefined && !isError ? true : undefined}
      w={THUMBNAIL_SIZE}
      h={THUMBNAIL_SIZE}
      flexShrink="0"
      p="0"
      borderWidth="1px"
      borderColor="border.emphasized"
      borderRadius="l2"
      overflow="hidden"
      bg="bg.muted"
      cursor="pointer"
      display="flex"
      alignItems="center"
      justifyContent="center"
      _hover={{ borderColor: 'brand.solid' }}
      _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      {url ? (
        <chakra.img src={url} alt={attachment.file_name} w="100%" h="100%" objectFit="cover" />
      ) : (
        <Text as="span" textStyle="xs" color="fg.muted" px="1" textAlign="center">
          {isError ? t('thumbnail.noPreview') : t('thumbnail.loading')}
        </Text>
      )}
    </chakra.button>
  );
}

function DownloadButton({
  label,
  text,
  failed,
  download,
}: {
  label: string;
  text: string;
  failed: string;
  download: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      toast.add({ severity: 'error', summary: failed, detail: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" loading={busy} onClick={() => void onClick()} aria-label={label}>
      {text}
    </Button>
  );
}
