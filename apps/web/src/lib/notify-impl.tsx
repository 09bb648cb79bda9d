import { ConfigProvider, Modal, message, notification } from 'antd';
import type { ReactNode } from 'react';
import { NOTIFICATION_MS, TOAST_MS, type NotifyType } from './notify';
import { themeConfig } from './theme';
import { themeStore } from './theme-store';

// Static antd methods render outside the React tree; holderRender gives them the live theme.
ConfigProvider.config({
  holderRender: (children: ReactNode) => <ConfigProvider theme={themeConfig(themeStore.get().mode)}>{children}</ConfigProvider>,
});

message.config({ top: 24, duration: TOAST_MS / 1000, maxCount: 3 });
// Spec §9: top-right, 4.5 s; antd separates notifications by its 16 px margin token.
notification.config({ placement: 'topRight', duration: NOTIFICATION_MS / 1000, top: 24 });

export function showToast(type: NotifyType, content: string, durationMs: number): void {
  void message.open({ type, content, duration: durationMs / 1000 });
}

export function showNotification(type: NotifyType, title: string, description?: string): void {
  notification.open({ type, title, description, duration: NOTIFICATION_MS / 1000, placement: 'topRight' });
}

export function showAlert(options: { title: string; content: string; okText: string; type?: 'info' | 'warning' | 'error' | 'success' }): Promise<void> {
  return new Promise((resolve) => {
    const open = Modal[options.type ?? 'info'];
    open({
      title: options.title,
      content: options.content,
      okText: options.okText,
      keyboard: false,
      mask: { closable: false },
      onOk: () => resolve(),
    });
  });
}

export function showConfirm(options: { title: string; content: string; okText: string; cancelText: string }): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText,
      cancelText: options.cancelText,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
