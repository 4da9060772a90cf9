import { UI_MESSAGES } from '@mc/contracts';
import { toast } from 'sonner';
import { toastSuccess } from '../lib/toast';

/**
 * Copies text and says so (001 §8): 'Copied to clipboard' (or the given text), 'Clipboard not
 * available' without a clipboard, 'Failed to copy to clipboard' when the write fails.
 */
export async function copyToClipboard(text: string, successMessage: string = UI_MESSAGES.copied): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) {
    toast.error(UI_MESSAGES.clipboardUnavailable);
    return false;
  }
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess(successMessage);
    return true;
  } catch {
    toast.error(UI_MESSAGES.copyFailed);
    return false;
  }
}
