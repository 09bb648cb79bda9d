import { api, type Package } from '@xueba/contract';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { alipaySignContent } from './gateways/alipay.js';

const keys = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const merchant = keys();
const platform = keys();
const alipayApp = keys();
const alipay = keys();
const attacker = keys();
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';

function wechatSign(privateKey: string, body: string, timestamp = Math.floor(Date.now() / 1000).toString(), nonce = crypto.randomBytes(8).toString('hex')) {
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': 'PLATFORM1',
    'wechatpay-signature': crypto.sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), privateKey).toString('base64'),
  };
}

/** A notification in WeChat Pay's documented v3 format: the transaction encrypted with AEAD_AES_256_GCM. */
function wechatNotification(transaction: Record<string, unknown>) {
  const nonce = crypto.randomBytes(6).toString('hex');
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(transaction)), cipher.final(), cipher.getAuthTag()]).toString('base64');
  return JSON.stringify({
    id: crypto.randomUUID(),
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce },
  });
}

describe('WeChat Pay v3 (Native) and Alipay (page pay) adapters', () => {
  let t: TestApp;
  let peer: http.Server;
  const seen: { authorization: string; body: string }[] = [];
  beforeAll(async () => {
    // The local WeChat Pay peer: checks the merchant's request signature, answers a signed code_url.
    peer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const authorization = String(req.headers.authorization ?? '');
        seen.push({ authorization, body });
        const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(authorization)?.[1] ?? '';
        const ok = crypto.verify('sha256', Buffer.from(`POST\n${req.url ?? ''}\n${field('timestamp')}\n${field('nonce_str')}\n${body}\n`), merchant.publicKey, Buffer.from(field('signature'), 'base64'));
        const reply = ok ? JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=abc123' }) : JSON.stringify({ code: 'SIGN_ERROR' });
        res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json', ...wechatSign(platform.privateKey, reply) });
        res.end(reply);
      });
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      WECHATPAY_MCH_ID: '1900000001',
      WECHATPAY_APP_ID: 'wxapp1',
      WECHATPAY_SERIAL_NO: 'MERCHANTSERIAL',
      WECHATPAY_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, '\\n'),
      WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
      WECHATPAY_API_V3_KEY: API_V3_KEY,
      WECHATPAY_API_URL: `http://127.0.0.1:${(peer.address() as AddressInfo).port}`,
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: alipayApp.privateKey,
      ALIPAY_PUBLIC_KEY: alipay.publicKey,
      ALIPAY_GATEWAY_URL: 'https://openapi.alipay.example/gateway.do',
      PUBLIC_URL: 'https://xueba.example',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => peer.close(resolve));
  });

  async function order(token: string, gateway: 'wechat' | 'alipay') {
    const pkg = (await callApi(t.app, api.rechargePackages)).body.data.lists[1] as Package;
    return (await callApi(t.app, api.createOrder, { token, body: { package_id: pkg.id, kind: 'recharge', gateway } })).body.data;
  }
  async function status(token: string, orderNo: string) {
    return (await callApi(t.app, api.orderDetail, { token, query: { order_no: orderNo } })).body.data.status;
  }

  it('WeChat: a signed Native order gives a code_url; a verified, decrypted notification fulfils once; forged or altered ones are refused', async () => {
    const user = await makeUser(t.app);
    const o = await order(user.token, 'wechat');
    expect(o.code_url).toBe('weixin://wxpay/bizpayurl?pr=abc123');
    const sent = JSON.parse(seen.at(-1)?.body ?? '{}') as { out_trade_no: string; amount: { total: number }; notify_url: string; mchid: string };
    expect(sent).toMatchObject({ out_trade_no: o.order_no, amount: { total: o.amount }, notify_url: 'https://xueba.example/api/pay/notify/wechat', mchid: '1900000001' });
    expect(seen.at(-1)?.authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="[0-9a-f]+",signature="[^"]+",timestamp="\d+",serial_no="MERCHANTSERIAL"$/);

    const transaction = { mchid: '1900000001', appid: 'wxapp1', out_trade_no: o.order_no, transaction_id: '4200000001', trade_type: 'NATIVE', trade_state: 'SUCCESS', amount: { total: o.amount, payer_total: o.amount, currency: 'CNY' } };
    const body = wechatNotification(transaction);
    const post = (headers: Record<string, string>, payload: string) => t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: { 'content-type': 'application/json', ...headers }, payload });

    expect((await post(wechatSign(attacker.privateKey, body), body)).statusCode).toBe(400);
    const signed = wechatSign(platform.privateKey, body);
    expect((await post(signed, body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" '))).statusCode).toBe(400);
    const stale = wechatSign(platform.privateKey, body, String(Math.floor(Date.now() / 1000) - 3600));
    expect((await post(stale, body)).statusCode).toBe(400);
    expect(await status(user.token, o.order_no)).toBe('created');

    const replies = await Promise.all(Array.from({ length: 10 }, () => post(signed, body)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(await status(user.token, o.order_no)).toBe('fulfilled');
    const ledger = await t.owned.ctx.db.selectFrom('ledger').select('delta').where('ref_id', '=', o.order_no).execute();
    expect(ledger).toHaveLength(1);

    const o2 = await order(user.token, 'wechat');
    const cheap = wechatNotification({ ...transaction, out_trade_no: o2.order_no, transaction_id: '4200000002', amount: { total: 1, payer_total: 1, currency: 'CNY' } });
    expect((await post(wechatSign(platform.privateKey, cheap), cheap)).statusCode).toBe(200);
    expect(await status(user.token, o2.order_no)).toBe('created');
  });

  it('Alipay: the page-pay URL is RSA2-signed; a verified notification fulfils; an altered amount or forged signature does not', async () => {
    const user = await makeUser(t.app);
    const o = await order(user.token, 'alipay');
    const url = new URL(o.pay_url ?? '');
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.example/gateway.do');
    const params = Object.fromEntries(url.searchParams.entries());
    expect(params).toMatchObject({ method: 'alipay.trade.page.pay', sign_type: 'RSA2', notify_url: 'https://xueba.example/api/pay/notify/alipay' });
    expect(JSON.parse(params.biz_content ?? '{}')).toMatchObject({ out_trade_no: o.order_no, total_amount: (o.amount / 100).toFixed(2), product_code: 'FAST_INSTANT_TRADE_PAY' });
    expect(crypto.verify('sha256', Buffer.from(alipaySignContent(params, ['sign'])), alipayApp.publicKey, Buffer.from(params.sign ?? '', 'base64'))).toBe(true);

    const notification = (fields: Record<string, string>, key = alipay.privateKey) => {
      const sign = crypto.sign('sha256', Buffer.from(alipaySignContent(fields, ['sign', 'sign_type'])), key).toString('base64');
      return new URLSearchParams({ ...fields, sign, sign_type: 'RSA2' }).toString();
    };
    const fields = {
      notify_time: '2025-01-01 12:00:00',
      notify_type: 'trade_status_sync',
      notify_id: 'ac05099524730693a8b330c5ecf72da9786',
      app_id: '2021000000000001',
      charset: 'utf-8',
      version: '1.0',
      trade_no: '2025010122001400000000000001',
      out_trade_no: o.order_no,
      trade_status: 'TRADE_SUCCESS',
      total_amount: (o.amount / 100).toFixed(2),
      receipt_amount: (o.amount / 100).toFixed(2),
      subject: 'words',
    };
    const post = (payload: string) => t.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
    expect((await post(notification(fields, attacker.privateKey))).body).toBe('failure');
    const good = notification(fields);
    expect((await post(good.replace(`total_amount=${fields.total_amount}`, 'total_amount=0.01'))).body).toBe('failure');
    expect(await status(user.token, o.order_no)).toBe('created');
    expect((await post(good)).body).toBe('success');
    expect((await post(good)).body).toBe('success');
    expect(await status(user.token, o.order_no)).toBe('fulfilled');
  });
});
