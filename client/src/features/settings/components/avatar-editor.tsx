// Avatar change (product.md §2.8/§8): choose a JPG/PNG, crop it in a 250×250 area with zoom and rotation, compress, upload.
import { Box, Button, Group, Paper, Slider, Stack, Text, Title } from '@mantine/core';
import { IconPhotoUp, IconUpload } from '@tabler/icons-react';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '#shared/api-types';
import { LIMITS } from '#shared/constants';
import { UserAvatar } from '../../../components/user-avatar';
import { useFormat } from '../../../lib/format';
import { showError, showSuccess, TranslatedError } from '../../../lib/notify';
import { userAtom } from '../../../lib/session';
import { compressAvatar, isAvatarType, renderCrop } from '../api/crop-image';
import { uploadAvatar } from '../api/settings';
import layout from '../../../styles/layout.module.css';

const CROP_SIDE = 250;

type AvatarFailure =
  | 'settings:avatar.selectImage'
  | 'settings:avatar.onlyJpgPng'
  | 'settings:avatar.noFile'
  | 'settings:avatar.tooLarge'
  | 'settings:avatar.failed';
function fail(key: AvatarFailure) {
  showError(new TranslatedError(key));
}

export function AvatarEditor({ user }: { user: UserDto }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const setUser = useSetAtom(userAtom);
  const inputRef = useRef<HTMLInputElement>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(
    () => () => {
      if (imageUrl) URL.revokeObjectURL(imageUrl);
    },
    [imageUrl],
  );

  const chooseFile = (file: File | undefined) => {
    if (!file) return fail('settings:avatar.selectImage');
    if (!isAvatarType(file.type)) return fail('settings:avatar.onlyJpgPng');
    setImageUrl(URL.createObjectURL(file));
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setRotation(0);
    setArea(null);
  };

  const cancel = () => {
    setImageUrl(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const save = async () => {
    if (!imageUrl || !area) return fail('settings:avatar.noFile');
    setSaving(true);
    try {
      let picture: File;
      try {
        picture = await compressAvatar(await renderCrop(imageUrl, area, rotation));
      } catch {
        return fail('settings:avatar.noFile');
      }
      if (picture.size > LIMITS.avatarBytes) return fail('settings:avatar.tooLarge');
      const answer = await uploadAvatar(user.id, picture);
      if (!answer.ok) {
        if (answer.key === 'errors.fileTooLarge') return fail('settings:avatar.tooLarge');
        if (answer.key === 'errors.captcha' || answer.key === 'errors.rateLimited') return showError(answer);
        return fail('settings:avatar.failed');
      }
      setUser(answer.user);
      showSuccess('settings:avatar.updated');
      cancel();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('avatar.title')}
        </Title>
        <Group gap="md" wrap="nowrap">
          <UserAvatar user={user} size={72} />
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('avatar.hint', { mb: format.number(LIMITS.avatarBytes / 1024 / 1024) })}
            </Text>
            <input
              ref={inputRef}
              type="file"
              accept="image/png,image/jpeg"
              aria-label={t('avatar.choose')}
              hidden
              onChange={(event) => chooseFile(event.currentTarget.files?.[0])}
            />
            <Button
              variant="light"
              size="md"
              leftSection={<IconPhotoUp size={18} />}
              onClick={() => inputRef.current?.click()}
              w="fit-content"
            >
              {t('avatar.choose')}
            </Button>
          </Stack>
        </Group>

        {imageUrl && (
          <Stack gap="md" align="center">
            <Box pos="relative" w={CROP_SIDE} h={CROP_SIDE} className={layout.cropStage}>
              <Cropper
                image={imageUrl}
                crop={crop}
                zoom={zoom}
                rotation={rotation}
                aspect={1}
                minZoom={1}
                maxZoom={3}
                cropShape="round"
                showGrid={false}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onRotationChange={setRotation}
                onCropComplete={(_area, pixels) => setArea(pixels)}
              />
            </Box>
            <Stack gap="lg" w="100%" maw={360}>
              <div>
                <Text size="sm" fw={500} id="avatar-zoom-label">
                  {t('avatar.zoom')}
                </Text>
                <Slider
                  value={zoom}
                  onChange={setZoom}
                  min={1}
                  max={3}
                  step={0.05}
                  label={(value) => format.number(value.toFixed(2))}
                  thumbProps={{ 'aria-labelledby': 'avatar-zoom-label' }}
                  size="lg"
                />
              </div>
              <div>
                <Text size="sm" fw={500} id="avatar-rotation-label">
                  {t('avatar.rotation')}
                </Text>
                <Slider
                  value={rotation}
                  onChange={setRotation}
                  min={-360}
                  max={360}
                  step={1}
                  label={(value) => `${format.number(value)}°`}
                  thumbProps={{ 'aria-labelledby': 'avatar-rotation-label' }}
                  size="lg"
                />
              </div>
            </Stack>
            <Group justify="center" w="100%">
              <Button variant="default" size="md" onClick={cancel} disabled={saving}>
                {t('avatar.cancel')}
              </Button>
              <Button size="md" leftSection={<IconUpload size={18} />} loading={saving} onClick={() => void save()}>
                {t('avatar.save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
