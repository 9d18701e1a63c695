import { showError, showSuccess, TranslatedError } from './notify';

/** Copies `value` with the product.md §3.4 toasts: 'Copied to clipboard' or 'Cannot copy. Error: ...'. */
export async function copyToClipboard(value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    showSuccess('notify.copied');
  } catch (error) {
    showError(new TranslatedError('notify.copyFailed', { error: error instanceof Error ? error.name : String(error) }));
  }
}
