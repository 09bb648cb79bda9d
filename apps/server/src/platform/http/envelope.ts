import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, formatMessage, type CodeValue, type Envelope, type MessageKey, type MessageParams } from '@xueba/contract';
import { requestLocale } from './locale.js';

export function success<T>(request: FastifyRequest, data: T, msg?: MessageKey, params?: MessageParams): Envelope<T> {
  return {
    code: Code.SUCCESS,
    data,
    show: msg ? 1 : 0,
    msg: msg ? formatMessage(msg, requestLocale(request), params) : '',
  };
}

export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: MessageKey,
  params: MessageParams = {},
  code: CodeValue = Code.FAIL,
  data: unknown = null,
): FastifyReply {
  // `key` beside the translated `msg`: clients branch on it, never on the text or the HTTP status.
  const body: Envelope<unknown> = { code, data, show: 1, msg: formatMessage(key, requestLocale(request), params), key };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}
