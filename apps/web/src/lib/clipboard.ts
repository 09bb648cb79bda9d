import { toast } from './notify';

/** Copies text and says so (spec §8 "copied successfully" / "copy failed"); resolves whether it worked. */
export async function copyText(text: string, ok: string, fail: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(ok);
    return true;
  } catch {
    toast.error(fail);
    return false;
  }
}

/** Saves text as a file through a temporary object URL (e.g. a conversation exported to Markdown). */
export function downloadText(filename: string, text: string, type = 'text/markdown;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
