import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake provider received it. */
export interface SmsApiRequest {
  /** `x-acs-action` (Alibaba Cloud) or `x-tc-action` (Tencent Cloud). */
  action: string;
  /** Alibaba Cloud: the query parameters; Tencent Cloud: the JSON body. */
  params: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

export interface SmsApiReply {
  status: number;
  body: unknown;
}

/** Alibaba Cloud SendSms's answer: HTTP 200 with `Code` `OK` or a business error code. */
export function aliyunReply(code = 'OK', message = 'OK', status = 200): SmsApiReply {
  return { status, body: { Code: code, Message: message, RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990', ...(code === 'OK' ? { BizId: '900619746936498440^0' } : {}) } };
}

/** Tencent Cloud SendSms's answer: one SendStatus per number, `Ok` when sent. */
export function tencentReply(code = 'Ok', message = 'send success', phone = '+8613800000000'): SmsApiReply {
  return {
    status: 200,
    body: { Response: { SendStatusSet: [{ SerialNo: '5000:1045710669157053657849499619', PhoneNumber: phone, Fee: 1, SessionContext: '', Code: code, Message: message, IsoCode: 'CN' }], RequestId: 'a0aabda6-cf91-4f3e-a81f-9198114a2279' } },
  };
}

/** Tencent Cloud's request-wide error (bad credentials, unknown app id), which the SDK throws. */
export function tencentError(code: string, message: string): SmsApiReply {
  return { status: 200, body: { Response: { Error: { Code: code, Message: message }, RequestId: 'b1c2d3e4-0000-4000-8000-000000000000' } } };
}

/**
 * A local stand-in for the SMS providers' HTTP APIs: the official SDKs are
 * pointed at it (SMS_ENDPOINT), it records what they sent and answers in the
 * provider's documented format (success unless a reply is queued).
 */
export class FakeSmsApi {
  readonly requests: SmsApiRequest[] = [];
  private readonly queued: (SmsApiReply | ((request: SmsApiRequest) => SmsApiReply))[] = [];

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<FakeSmsApi> {
    const server = http.createServer();
    const api = new FakeSmsApi(server);
    server.on('request', (req, res) => api.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next request gets this answer (or the answer built from it) instead of a success. */
  reply(answer: SmsApiReply | ((request: SmsApiRequest) => SmsApiReply)): void {
    this.queued.push(answer);
  }

  last(): SmsApiRequest {
    const request = this.requests.at(-1);
    if (!request) throw new Error('the fake SMS API received nothing');
    return request;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const tencent = typeof req.headers['x-tc-action'] === 'string';
      const raw = Buffer.concat(chunks).toString('utf8');
      const params: Record<string, unknown> = tencent ? (JSON.parse(raw) as Record<string, unknown>) : Object.fromEntries(new URL(req.url ?? '/', 'http://fake').searchParams);
      const request = { action: String(req.headers['x-tc-action'] ?? req.headers['x-acs-action'] ?? ''), params, headers: req.headers };
      this.requests.push(request);
      const queued = this.queued.shift();
      const answer = typeof queued === 'function' ? queued(request) : (queued ?? (tencent ? tencentReply() : aliyunReply()));
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  }
}
