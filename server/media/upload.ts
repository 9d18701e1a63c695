// Receives one multipart image field `pic` (plus an optional `captcha` field, and the caller's other fields) into
// memory, at most 3 MB, and turns multer's errors into our answers. Used by the avatar, product and ticket pictures.
import type { Request, Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { LIMITS } from '#shared/constants';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';

const fileTooLarge = () =>
  new AppError(413, 'errors.fileTooLarge', 'File too large, try adjusting the image or choose another file', {
    errors: { pic: 'errors.fileTooLarge' },
  });
const noFile = () => new AppError(400, 'errors.noFile', 'Please select an image', { errors: { pic: 'errors.noFile' } });
const badUpload = () => new AppError(400, 'errors.badUpload', 'Unknown error. Have you selected any file?');

const uploadFormSchema = z.object({ captcha: z.string().max(20_000).optional() });

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LIMITS.avatarBytes, files: 1, fields: 5, fieldSize: 20_000, parts: 8, headerPairs: 50 },
}).single('pic');

function runMulter(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    upload(req, res, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return reject(fileTooLarge());
        if (error.code === 'LIMIT_UNEXPECTED_FILE') return reject(noFile());
        return reject(badUpload());
      }
      // Malformed multipart bodies (busboy) are the client's mistake.
      reject(badUpload());
    });
  });
}

/**
 * The form's fields (its captcha, and what `schema` adds) and the file; the captcha is the caller's to verify before
 * using the file.
 */
export async function receiveImageUpload(
  req: Request,
  res: Response,
): Promise<{ captcha?: string; file: () => Buffer }>;
export async function receiveImageUpload<F extends { captcha?: string }>(
  req: Request,
  res: Response,
  schema: z.ZodType<F>,
): Promise<{ captcha?: string; fields: F; file: () => Buffer }>;
export async function receiveImageUpload(
  req: Request,
  res: Response,
  schema: z.ZodType<{ captcha?: string }> = uploadFormSchema,
): Promise<{ captcha?: string; fields: { captcha?: string }; file: () => Buffer }> {
  await runMulter(req, res);
  const form = parseInput(schema, req.body ?? {});
  return {
    captcha: form.captcha,
    fields: form,
    file: () => {
      if (!req.file || req.file.size === 0) throw noFile();
      return req.file.buffer;
    },
  };
}
