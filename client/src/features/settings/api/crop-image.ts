// Renders the chosen crop (with rotation) to a canvas and compresses it to the avatar limits (product.md §2.8/§9).
import imageCompression from 'browser-image-compression';
import type { Area } from 'react-easy-crop';
import { LIMITS } from '#shared/constants';

export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;

export function isAvatarType(type: string): boolean {
  return (AVATAR_TYPES as readonly string[]).includes(type);
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image load failed'));
    image.src = src;
  });
}

/** Size of the box that holds a w×h image rotated by `degrees`. */
export function rotatedSize(width: number, height: number, degrees: number): { width: number; height: number } {
  const r = (degrees * Math.PI) / 180;
  return {
    width: Math.abs(Math.cos(r) * width) + Math.abs(Math.sin(r) * height),
    height: Math.abs(Math.sin(r) * width) + Math.abs(Math.cos(r) * height),
  };
}

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas export failed'))), type, quality);
  });
}

/** The cropped square as a JPEG of at most 1000×1000 (white behind rotated corners). */
export async function renderCrop(imageSrc: string, crop: Area, rotation: number): Promise<File> {
  const image = await loadImage(imageSrc);
  const box = rotatedSize(image.naturalWidth, image.naturalHeight, rotation);
  const rotatedCanvas = document.createElement('canvas');
  rotatedCanvas.width = Math.round(box.width);
  rotatedCanvas.height = Math.round(box.height);
  const rotatedCtx = rotatedCanvas.getContext('2d');
  if (!rotatedCtx) throw new Error('no canvas');
  rotatedCtx.translate(box.width / 2, box.height / 2);
  rotatedCtx.rotate((rotation * Math.PI) / 180);
  rotatedCtx.translate(-image.naturalWidth / 2, -image.naturalHeight / 2);
  rotatedCtx.drawImage(image, 0, 0);

  const scale = Math.min(1, LIMITS.avatarSide / Math.max(crop.width, crop.height));
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(crop.width * scale));
  out.height = Math.max(1, Math.round(crop.height * scale));
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(rotatedCanvas, crop.x, crop.y, crop.width, crop.height, 0, 0, out.width, out.height);
  const blob = await canvasToBlob(out, 'image/jpeg', 0.92);
  return new File([blob], 'avatar.jpg', { type: 'image/jpeg' });
}

/** At most 3 MB and 1000×1000; no web worker (it would load its script from a CDN). */
export function compressAvatar(file: File): Promise<File> {
  return imageCompression(file, {
    maxSizeMB: LIMITS.avatarBytes / 1024 / 1024,
    maxWidthOrHeight: LIMITS.avatarSide,
    useWebWorker: false,
    fileType: 'image/jpeg',
  });
}
