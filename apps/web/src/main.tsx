import '@/lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { findRoute } from '@/app/route-table';
import { handleLoginFailure } from '@/lib/auth';
import { claimChunkReload } from '@/lib/chunk-reload';
import { currentLocale, initI18n, t } from '@/lib/i18n';
import { toast } from '@/lib/notify';
import { registerPrefetcher } from '@/lib/prefetch';
import { configureRequest } from '@/lib/request';
import '@/styles/global.css';
import '@/styles/shell.css';
import '@/styles/pages.css';

configureRequest({
  getLocale: currentLocale,
  onLoginFailure: handleLoginFailure,
  translate: (key) => t(`errors.${key}`),
  toastSuccess: (message) => toast.success(message),
  toastError: (message) => toast.error(message),
});

registerPrefetcher((path) => findRoute(path)?.load());

// Vite reports a failed preload of a lazy chunk here (typically a new deploy removed old files).
window.addEventListener('vite:preloadError', (event) => {
  if (claimChunkReload()) {
    event.preventDefault();
    window.location.reload();
  }
});

void initI18n().then(() => {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
