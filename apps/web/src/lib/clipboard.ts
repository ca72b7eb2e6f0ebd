import { toast } from '@portal/ui/toast';

/**
 * Copies text and says so in a toast. Without a clipboard (an insecure context, a denied
 * permission) it says that instead; the text stays selectable on the page.
 */
export async function copyToClipboard(text: string, messages: { done: string; failed: string }): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.add({ severity: 'success', summary: messages.done });
    return true;
  } catch {
    toast.add({ severity: 'warn', summary: messages.failed });
    return false;
  }
}
