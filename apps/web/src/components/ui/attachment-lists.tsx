import { Box, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { toast } from '@portal/ui/toast';
import { useId, useState } from 'react';
import { describeError } from '#src/components/errors/describe-error.ts';
import { errorMessage } from '#src/lib/errors.ts';
import { formatFileSize } from '#src/lib/format.ts';

/** What the lists show of an attachment. */
interface ListedAttachment {
  id: number;
  file_name: string;
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

/**
 * A ticket's attachments, a section under its heading: links by file name, each with its size,
 * or a line saying there are none. The link has the file's address (copy, open in a new tab) but a click downloads it
 * through the SDK with the CSRF header, since the BFF refuses a plain navigation.
 */
export function AttachmentLinksSection<A extends ListedAttachment & { download_url: string }>({
  attachments,
  download,
  labels,
}: {
  attachments: readonly A[];
  download: (attachment: A) => Promise<void>;
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
        <Box as="ul" listStyleType="none" display="grid" gap="2" m="0" p="0">
          {attachments.map((attachment) => (
            <Flex as="li" key={attachment.id} gap="2" wrap="wrap" align="baseline">
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
              <Text textStyle="sm" color="fg.muted">
                {formatFileSize(attachment.size)}
              </Text>
            </Flex>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * One attachment of a public request as a list item: a download button (busy while it
 * downloads), the file name and its size.
 */
export function AttachmentButtonItem({
  attachment,
  download,
  buttonText,
  labels,
}: {
  attachment: ListedAttachment;
  download: () => Promise<void>;
  buttonText: string;
  labels: Omit<AttachmentListLabels, 'empty'>;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      toast.add({ severity: 'error', summary: labels.failed, detail: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex as="li" gap="3" wrap="wrap" align="center">
      <Button
        variant="outline"
        size="sm"
        loading={busy}
        onClick={() => void onClick()}
        aria-label={labels.download(attachment.file_name)}
      >
        {buttonText}
      </Button>
      <Text wordBreak="break-all">{attachment.file_name}</Text>
      <Text textStyle="sm" color="fg.muted">
        {formatFileSize(attachment.size)}
      </Text>
    </Flex>
  );
}
