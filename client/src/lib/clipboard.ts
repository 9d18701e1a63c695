import { showError, showSuccess } from './notify';
import { translate } from '../i18n/keys';

/** Copies `value` with the spec §8 toasts: 'Copied to clipboard' or 'Cannot copy. Error: ...'. */
export async function copyToClipboard(value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    showSuccess('notify.copied');
  } catch (error) {
    showError(new Error(translate('notify.copyFailed', { error: error instanceof Error ? error.message : String(error) })));
  }
}
