// Image work is bounded (decision 131): at most IMAGE_CONCURRENCY decode at once (one: a 16-megapixel interlaced PNG alone takes ~150 MB) and IMAGE_QUEUE_LENGTH
// waiting; beyond that the upload is answered 503 at once, so a burst of worst-case pictures cannot take the
// process's memory or starve other requests.
import { AppError } from '../http/app-error.js';

export const IMAGE_CONCURRENCY = 1;
export const IMAGE_QUEUE_LENGTH = 8;

export class ImageBusyError extends AppError {
  readonly retryAfterSeconds = 5;
  constructor() {
    super(503, 'errors.imageBusy', 'The server is busy with other pictures, please try again in a moment', {
      errors: { pic: 'errors.imageBusy' },
    });
  }
}

export interface WorkQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createWorkQueue(concurrency = IMAGE_CONCURRENCY, maxWaiting = IMAGE_QUEUE_LENGTH): WorkQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return {
    async run(task) {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new ImageBusyError();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

/** One queue for the process: avatars and product pictures share the same CPU and memory. */
export const imageQueue = createWorkQueue();
