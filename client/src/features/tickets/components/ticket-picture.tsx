// A ticket message's picture (decision 022): a thumbnail that keeps its place while it loads and
// opens the full picture in a dialog. Both are fetched with the session's token (only the owner and staff may).
import { Alert, Box, Image, Loader, Modal, Skeleton, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { TicketPictureDto } from '#shared/api-types';
import { LIMITS } from '#shared/constants';
import { errorMessage } from '../../../lib/notify';
import { useTicketPicture } from '../api/tickets';
import classes from './ticket-picture.module.css';

/** The thumbnail's size on screen: at most 240 px on its longest side, the picture's own shape. */
function thumbSize(picture: TicketPictureDto): { width: number; height: number } {
  const longest = Math.max(picture.width, picture.height, 1);
  const scale = Math.min(1, 240 / longest, LIMITS.ticketThumbSide / longest);
  return {
    width: Math.max(48, Math.round(picture.width * scale)),
    height: Math.max(48, Math.round(picture.height * scale)),
  };
}

export function TicketPicture({ picture, author }: { picture: TicketPictureDto; author: string }) {
  const { t } = useTranslation('tickets');
  const [opened, { open, close }] = useDisclosure(false);
  const thumb = useTicketPicture(picture.thumb_path);
  const full = useTicketPicture(picture.path, opened);
  const size = thumbSize(picture);
  const alt = t('chat.pictureAlt', { author });

  return (
    <>
      <UnstyledButton
        onClick={open}
        aria-label={t('chat.pictureOpen', { author })}
        className={classes.thumb}
        w={size.width}
        maw="100%"
        data-testid="ticket-picture"
      >
        {thumb.data ? (
          <Image
            src={thumb.data}
            alt={alt}
            w="100%"
            h="auto"
            radius="md"
            style={{ aspectRatio: `${size.width} / ${size.height}` }}
          />
        ) : thumb.isError ? (
          <Alert color="red" p="xs">
            {errorMessage(thumb.error)}
          </Alert>
        ) : (
          <Skeleton
            w="100%"
            style={{ aspectRatio: `${size.width} / ${size.height}` }}
            radius="md"
            aria-label={t('chat.pictureLoading')}
          />
        )}
      </UnstyledButton>
      <Modal
        opened={opened}
        onClose={close}
        title={alt}
        size="auto"
        centered
        closeButtonProps={{ 'aria-label': t('chat.pictureClose') }}
      >
        <Stack align="center">
          {full.data ? (
            <Box className={classes.full}>
              <Image
                src={full.data}
                alt={alt}
                data-testid="ticket-picture-full"
                fit="contain"
                mah="80vh"
                maw="100%"
                w="auto"
              />
            </Box>
          ) : full.isError ? (
            <Alert color="red">{errorMessage(full.error)}</Alert>
          ) : (
            <Loader aria-label={t('chat.pictureLoading')} />
          )}
        </Stack>
      </Modal>
    </>
  );
}
