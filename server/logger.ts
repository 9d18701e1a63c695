// A tiny leveled logger; `?jwt=` tokens are redacted from anything it prints.
export interface Logger {
  info(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
}

export function redact(text: string): string {
  return text.replace(/([?&]jwt=)[^&\s"]+/g, '$1[redacted]');
}

export function createLogger(level: 'silent' | 'error' | 'info'): Logger {
  return {
    info: (message, ...rest) => {
      if (level === 'info') console.log(redact(message), ...rest);
    },
    error: (message, ...rest) => {
      if (level !== 'silent') console.error(redact(message), ...rest);
    },
  };
}
