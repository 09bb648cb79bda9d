/// <reference types="vite/client" />
declare global {
  /** Injected by vite.config.ts `define` from package.json. */
  const __APP_VERSION__: string;
}
export {};
