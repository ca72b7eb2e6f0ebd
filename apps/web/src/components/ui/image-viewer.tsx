import { Box, chakra, Flex, Heading, HStack, Spinner, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewQueryOptions, PreviewSize } from '#src/lib/attachment-previews.ts';
import { errorMessage } from '#src/lib/errors.ts';
import { useObjectUrl } from './use-object-url.ts';
import './attachments-i18n.ts';

const NativeDialog = chakra('dialog');

/** What the viewer shows of an image attachment. */
export interface ViewedImage {
  id: number;
  file_name: string;
}

/**
 * The image viewer of the attachment lists: a modal on the native `<dialog>` like
 * ConfirmDialog (the browser traps focus, makes the page behind inert, closes on Escape and
 * puts focus back on the thumbnail that opened it). It shows the large preview (the API's
 * 1600 px rendition, not the original), the file name as its title and the image's alt text,
 * „Stáhnout originál", and – with several images – „Předchozí“ / „Další“, also on the arrow
 * keys. Focus starts on „Zavřít“.
 */
export function ImageViewer<Image extends ViewedImage>({
  images,
  index,
  onIndexChange,
  onClose,
  preview,
  download,
  downloadFailed,
}: {
  images: readonly Image[];
  /** The image shown, or null while closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  preview: (image: Image, size: PreviewSize) => PreviewQueryOptions;
  download: (image: Image) => Promise<void>;
  /** Said when the download fails (with the server's message). */
  downloadFailed: string;
}) {
  const { t } = useTranslation('attachments');
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const image = index === null ? undefined : images[index];
  const open = image !== undefined;
  const several = images.length > 1;

  // Opening and closing a native dialog is imperative; this only mirrors which image is open.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      close.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const move = (step: number) => {
    if (index === null || !several) return;
    onIndexChange((index + step + images.length) % images.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
    else return;
    event.preventDefault();
  };

  return (
    <NativeDialog
      ref={dialog}
      aria-labelledby={open ? titleId : undefined}
      data-testid="image-viewer"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      borderRadius="l3"
      borderWidth="1px"
      borderColor="border"
      bg="bg"
      color="fg"
      p={{ base: '3', md: '5' }}
      m="auto"
      w="calc(100vw - 1rem)"
      maxW="6xl"
      maxH="calc(100dvh - 1rem)"
      boxShadow="lg"
      css={{ '&::backdrop': { background: 'rgba(0, 0, 0, 0.7)' } }}
    >
      {/* Rendered only while open, so nothing of it is in the page otherwise. */}
      {image ? (
        <Flex direction="column" gap="3" minW="0">
          <Flex gap="3" align="flex-start" justify="space-between" minW="0">
            <Box minW="0">
              <Heading as="h2" id={titleId} size="md" wordBreak="break-all">
                {image.file_name}
              </Heading>
              {several ? (
                <Text textStyle="sm" color="fg.muted">
                  {t('viewer.position', { current: (index ?? 0) + 1, total: images.length })}
                </Text>
              ) : null}
            </Box>
            <Button ref={close} type="button" variant="outline" size="sm" flexShrink="0" onClick={onClose}>
              {t('viewer.close')}
            </Button>
          </Flex>
          <LargeImage key={image.id} image={image} preview={preview} />
          <HStack gap="2" wrap="wrap" justify="space-between">
            <DownloadOriginal image={image} download={download} failed={downloadFailed} />
            {several ? (
              <HStack gap="2">
                <Button type="button" variant="outline" size="sm" onClick={() => move(-1)}>
                  {t('viewer.previous')}
                </Button>
                <Button type="button" variant="outline" size="sm" onClick={() => move(1)}>
                  {t('viewer.next')}
                </Button>
              </HStack>
            ) : null}
          </HStack>
        </Flex>
      ) : null}
    </NativeDialog>
  );
}

function LargeImage<Image extends ViewedImage>({
  image,
  preview,
}: {
  image: Image;
  preview: (image: Image, size: PreviewSize) => PreviewQueryOptions;
}) {
  const { t } = useTranslation('attachments');
  const { data, isError } = useQuery(preview(image, 'large'));
  const url = useObjectUrl(data);
  return (
    <Flex
      justify="center"
      align="center"
      minH="12rem"
      bg="bg.muted"
      borderRadius="l2"
      overflow="hidden"
      aria-busy={url === undefined && !isError ? true : undefined}
    >
      {url ? (
        <chakra.img
          src={url}
          alt={image.file_name}
          display="block"
          maxW="100%"
          maxH="calc(100dvh - 12rem)"
          objectFit="contain"
        />
      ) : isError ? (
        <Text p="4" textAlign="center">
          {t('viewer.previewFailed')}
        </Text>
      ) : (
        <HStack gap="2" p="4" color="fg.muted">
          <Spinner size="sm" />
          <Text>{t('viewer.loading')}</Text>
        </HStack>
      )}
    </Flex>
  );
}

/**
 * The original file, through the feature's download. A failure is said here, not in a toast:
 * toasts are behind the modal dialog.
 */
function DownloadOriginal<Image extends ViewedImage>({
  image,
  download,
  failed,
}: {
  image: Image;
  download: (image: Image) => Promise<void>;
  failed: string;
}) {
  const { t } = useTranslation('attachments');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onClick = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await download(image);
    } catch (error) {
      setProblem(`${failed}: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack gap="3" wrap="wrap">
      <Button type="button" size="sm" loading={busy} onClick={() => void onClick()}>
        {t('viewer.downloadOriginal')}
      </Button>
      <Text role="alert" textStyle="sm" color="fg.error">
        {problem}
      </Text>
    </HStack>
  );
}
