/**
 * Toasts and notifications (spec §9). antd's message/notification code is
 * loaded on first use so it stays off the first screen.
 */
export type NotifyType = 'success' | 'info' | 'warning' | 'error';

export const TOAST_MS = 3000;
export const NOTIFICATION_MS = 4500;

type Impl = typeof import('./notify-impl');
let impl: Promise<Impl> | null = null;
function load(): Promise<Impl> {
  impl ??= import('./notify-impl');
  return impl;
}

function run(fn: (m: Impl) => void): void {
  load().then(fn, () => {
    // If even the toast chunk cannot load the network is gone; the chunk-reload guard takes over.
    impl = null;
  });
}

export const toast = {
  success: (content: string, durationMs = TOAST_MS) => run((m) => m.showToast('success', content, durationMs)),
  info: (content: string, durationMs = TOAST_MS) => run((m) => m.showToast('info', content, durationMs)),
  warning: (content: string, durationMs = TOAST_MS) => run((m) => m.showToast('warning', content, durationMs)),
  error: (content: string, durationMs = TOAST_MS) => run((m) => m.showToast('error', content, durationMs)),
};

export function notify(type: NotifyType, title: string, description?: string): void {
  run((m) => m.showNotification(type, title, description));
}

/**
 * An alert-type message box: it closes only through its button, never on
 * Escape or a backdrop click (spec §8), so a warning cannot be dismissed by accident.
 */
export function alertBox(options: { title: string; content: string; okText: string; type?: 'info' | 'warning' | 'error' | 'success' }): Promise<void> {
  return load().then((m) => m.showAlert(options));
}

export function confirmBox(options: { title: string; content: string; okText: string; cancelText: string }): Promise<boolean> {
  return load().then((m) => m.showConfirm(options));
}

/** Lets the app warm the chunk during idle time so the first toast shows without delay. */
export function preloadNotify(): void {
  void load().catch(() => undefined);
}
