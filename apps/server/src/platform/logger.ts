import { pino } from 'pino';

/**
 * What the platform's background parts (job runner, invalidation bus,
 * maintenance, the database thread) log through: structured object first,
 * message second, as pino takes them. Requests log through Fastify's own
 * logger; these parts run outside any request.
 */
export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The process's logger for work outside requests: JSON lines on stdout at LOG_LEVEL, like Fastify's. */
export function createLogger(level: string): Logger {
  return pino({ level });
}
