/// <reference types="vite/client" />
import type { RuntimeConfig } from '@xueba/contract';

declare global {
  /** Injected by vite.config.ts `define` from package.json. */
  const __APP_VERSION__: string;
  interface Window {
    /** Injected by the server into index.html (see RUNTIME_CONFIG_PLACEHOLDER). */
    __XUEBA_CONFIG__?: Partial<RuntimeConfig>;
  }
}
export {};
