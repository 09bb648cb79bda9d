import type { Logger } from '../platform/logger.js';

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  msg: string;
  obj: object;
}

/** A logger that keeps what it is given, for tests that check what background work reported. */
export function captureLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (obj: object, msg: string) => void entries.push({ level, msg, obj });
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}
