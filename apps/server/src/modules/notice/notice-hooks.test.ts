import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@xueba/contract';
import { callApi, makeUser } from '../../test/helpers.js';
import { drawUser, startDrawWorld, submit, waitFor, type DrawWorld } from '../../test/draw-world.js';
import { completeDoc, memberUser } from '../../test/doc-fixture.js';

/** The notices drawing and documents send where their jobs end. */
describe('notices from drawing and document processing', () => {
  let w: DrawWorld;
  beforeAll(async () => {
    w = await startDrawWorld();
  });
  afterAll(async () => {
    await w.close();
  });

  async function notices(token: string) {
    return (await callApi(w.t.app, api.noticeList, { token, locale: 'en' })).body.data.lists;
  }

  it('a finished drawing and a failed one (refunded) each notify once; a cancelled one does not', async () => {
    const user = await drawUser(w.t, 3);
    const done = await submit(w.t, user.token, { prompt: 'a lighthouse at dawn, oil painting' });
    expect((await waitFor(w.t, user.token, done.body.data.id, ['success', 'failed'])).status).toBe('success');

    w.peers.openai.script(['refuse']);
    const failed = await submit(w.t, user.token, { prompt: 'something the provider refuses' });
    expect((await waitFor(w.t, user.token, failed.body.data.id, ['success', 'failed'])).status).toBe('failed');

    const list = await notices(user.token);
    expect(list.map((n) => n.kind)).toEqual(['draw_failed', 'draw_done']);
    expect(list[1]).toMatchObject({ title: 'Your drawing is ready', body: 'Your drawing “a lighthouse at dawn, oil painting” is finished.', link: '/drawing/record' });
    expect(list[0]!.body).toContain('has been refunded');

    const cancelled = await submit(w.t, user.token, { prompt: 'never mind' });
    await callApi(w.t.app, api.drawCancel, { token: user.token, body: { id: cancelled.body.data.id } });
    expect((await waitFor(w.t, user.token, cancelled.body.data.id, ['cancelled', 'success', 'failed'])).status).toBe('cancelled');
    expect((await notices(user.token)).map((n) => n.kind)).toEqual(['draw_failed', 'draw_done']);
  });

  it('a processed document notifies its owner with its name and a link to it', async () => {
    const admin = await makeUser(w.t.app, { role: 'admin' });
    const owner = await memberUser(w.t.app, admin.token);
    const text = `# Reading notes\n\n${'Notes on retrieval and ranking. '.repeat(40)}\n`;
    const doc = await completeDoc(w.t, owner.token, 'notes.md', Buffer.from(text));
    expect(doc.status).toBe('complete');
    const list = await notices(owner.token);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'doc_processed', link: `/doc/details?id=${doc.id}` });
    expect(list[0]!.body).toBe('Processing of “notes.md” has finished. Open it to see the result.');
  });
});
