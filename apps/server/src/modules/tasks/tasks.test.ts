import { api, type AdminTask, type PromotionSettings } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TasksRepository } from './tasks.repository.js';
import { makeUser, callApi } from '../../test/helpers.js';
import { startAiTestApp, type AiTestApp } from '../../test/ai-app.js';
import { stream } from '../../test/sse-client.js';


describe('daily tasks and invitation rewards', () => {
  let ai: AiTestApp;
  beforeAll(async () => {
    ai = await startAiTestApp('sk-env', 'fake-model');
  });
  afterAll(async () => {
    await ai.close();
  });

  const app = () => ai.t.app;
  async function balance(userId: number, asset = 'conversation_count'): Promise<number> {
    return (await app().services.ledger.balances(userId))[asset] ?? 0;
  }
  /** A new user and a function giving how much of an asset they gained since (the sign-up gift is a setting). */
  async function newUser() {
    const u = await makeUser(app());
    const start = await app().services.ledger.balances(u.user.id);
    return { ...u, gained: async (asset = 'conversation_count') => (await balance(u.user.id, asset)) - (start[asset] ?? 0) };
  }
  async function ledgerKeys(userId: number): Promise<string[]> {
    const rows = await ai.t.owned.ctx.db.selectFrom('ledger').select('idempotency_key').where('user_id', '=', userId).orderBy('id').execute();
    return rows.map((r) => r.idempotency_key ?? '');
  }
  async function setInvite(patch: Partial<PromotionSettings['invite']>): Promise<void> {
    const current = (await callApi(app(), api.adminPromotionSettings, { token: ai.admin.token })).body.data;
    const saved = await callApi(app(), api.adminPromotionSettingsSave, { token: ai.admin.token, body: { ...current, invite: { ...current.invite, ...patch } } });
    expect(saved.status).toBe(200);
  }
  async function bind(inviter: { token: string }, invitee: { token: string }) {
    const { share_id } = (await callApi(app(), api.invite, { token: inviter.token })).body.data;
    const bound = await callApi(app(), api.bind, { token: invitee.token, body: { share_id } });
    expect(bound.status).toBe(200);
    return share_id;
  }

  it('lists the seeded tasks with today (UTC+8) progress; sign-in pays once per day even under 10 concurrent claims', async () => {
    const u = await newUser();
    const before = (await callApi(app(), api.taskLists, { token: u.token, locale: 'en' })).body.data;
    expect(before.lists.map((t) => t.kind)).toEqual(['signin', 'chat', 'template', 'share', 'invite']);
    expect(before.lists[0]).toMatchObject({ name: 'Daily sign-in', daily_limit: 1, done_today: 0, completed: false, reward: { conversation_count: 5 } });
    expect(before.day).toBe(new Date(ai.t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10));

    const results = await Promise.all(Array.from({ length: 10 }, () => callApi(app(), api.taskSignin, { token: u.token, locale: 'en' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(results.find((r) => r.status === 409)?.body.msg).toBe('You have already completed this task today');
    expect(await u.gained()).toBe(5);
    const after = (await callApi(app(), api.taskLists, { token: u.token })).body.data;
    expect(after.lists[0]).toMatchObject({ done_today: 1, completed: true });

    // The next UTC+8 day, it can be claimed again, with its own idempotency key.
    ai.t.clock.advance(24 * 3_600_000);
    expect((await callApi(app(), api.taskSignin, { token: u.token })).status).toBe(200);
    expect(await u.gained()).toBe(10);
    const keys = (await ledgerKeys(u.user.id)).filter((k) => k.startsWith('task:'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^task:\d+:\d+:\d{4}-\d{2}-\d{2}:1:conversation_count$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('enforces a daily limit under concurrent events (share task: 3 a day)', async () => {
    const u = await newUser();
    await Promise.all(Array.from({ length: 12 }, () => app().services.tasks.record(u.user.id, 'share')));
    const share = (await callApi(app(), api.taskLists, { token: u.token })).body.data.lists.find((t) => t.kind === 'share');
    expect(share).toMatchObject({ done_today: 3, daily_limit: 3, completed: true });
    expect(await u.gained()).toBe(3);
  });

  it('once the day\'s slots are taken, events write nothing; a limit the admin raises the same day pays again', async () => {
    const u = await newUser();
    for (let i = 0; i < 5; i += 1) await app().services.tasks.record(u.user.id, 'share');
    expect(await u.gained()).toBe(3);
    const progress = () => ai.t.owned.ctx.db.selectFrom('task_progress').select(['done']).where('user_id', '=', u.user.id).executeTakeFirstOrThrow();
    // Remembered as done for today: no slot is even asked for again.
    const take = vi.spyOn(TasksRepository.prototype, 'take');
    try {
      await app().services.tasks.record(u.user.id, 'share');
      expect(take).not.toHaveBeenCalled();
    } finally {
      take.mockRestore();
    }

    const tasks = (await callApi(app(), api.adminTasks, { token: ai.admin.token })).body.data.lists;
    const share = tasks.find((t) => t.kind === 'share')!;
    const { id, ...input } = share;
    try {
      expect((await callApi(app(), api.adminTaskSave, { token: ai.admin.token, body: { id, task: { ...input, daily_limit: 4 } } })).status).toBe(200);
      await app().services.tasks.record(u.user.id, 'share');
      expect(await u.gained()).toBe(4);
      expect((await progress()).done).toBe(4);
    } finally {
      await callApi(app(), api.adminTaskSave, { token: ai.admin.token, body: { id, task: input } });
    }
  });

  it('a counted click on the share link completes the owner\'s share task; the owner\'s own click does not', async () => {
    const owner = await newUser();
    const { share_id } = (await callApi(app(), api.invite, { token: owner.token })).body.data;
    await callApi(app(), api.click, { token: owner.token, body: { share_id } });
    expect(await owner.gained()).toBe(0);
    const click = await app().inject({ method: 'POST', url: '/api/share/click', payload: { share_id }, remoteAddress: '10.9.8.7' });
    expect(click.statusCode).toBe(200);
    expect(await owner.gained()).toBe(1);
  });

  it('admin edits tasks (texts, limit, reward) and switches them off; bad values are refused', async () => {
    const tasks = (await callApi(app(), api.adminTasks, { token: ai.admin.token })).body.data.lists;
    const signin = tasks.find((t) => t.kind === 'signin') as AdminTask;
    const { id, ...input } = signin;
    for (const bad of [{ daily_limit: 0 }, { daily_limit: 101 }, { reward: { ...input.reward, word_count: -1 } }, { reward: { ...input.reward, drawing_count: 1.5 } }]) {
      expect((await callApi(app(), api.adminTaskSave, { token: ai.admin.token, body: { id, task: { ...input, ...bad } } })).status).toBe(400);
    }
    const created = await callApi(app(), api.adminTaskSave, { token: ai.admin.token, body: { task: { ...input, kind: 'template', name: { ...input.name, en: 'Write twice' }, daily_limit: 2, enabled: false } } });
    expect(created.status).toBe(200);
    const user = await makeUser(app());
    expect((await callApi(app(), api.adminTasks, { token: user.token })).status).toBe(403);
    const visible = (await callApi(app(), api.taskLists, { token: user.token, locale: 'en' })).body.data.lists;
    expect(visible.some((t) => t.name === 'Write twice')).toBe(false);
    expect((await callApi(app(), api.adminTaskSave, { token: ai.admin.token, body: { id: 999_999, task: input } })).status).toBe(404);
  });

  it('invitation rewards wait for the invitee\'s first real answer when configured, and are granted once', async () => {
    await setInvite({ enabled: true, unlock: 'first_use', inviter_reward: { conversation_count: 20, word_count: 1000, drawing_count: 0 }, invitee_reward: { conversation_count: 10, word_count: 0, drawing_count: 0 } });
    const inviter = await newUser();
    const invitee = await newUser();
    await bind(inviter, invitee);
    let mine = (await callApi(app(), api.invite, { token: inviter.token })).body.data;
    expect(mine).toMatchObject({ invite_count: 1, rewards_pending: 1, earned: { conversation_count: 0 }, rewards: { unlock: 'first_use' } });
    // A sign-up alone earns nothing, not even the inviter's "invite a friend" task.
    expect(await inviter.gained()).toBe(0);
    expect(await invitee.gained()).toBe(0);

    await app().services.ledger.apply([{ userId: invitee.user.id, asset: 'conversation_count', delta: 5, reason: 'test', refType: 'test' }]);
    // A failed upstream answer is not a real use.
    ai.fake.next({ status: 500, error: { message: 'down', type: 'error', code: 'server_error' } });
    const failed = await stream(ai.base, '/chat/send', { content: 'hello?' }, { token: invitee.token });
    expect(failed.events.at(-1)?.type).toBe('error');
    expect(await inviter.gained()).toBe(0);
    ai.fake.next({ chunks: ['Hi', ' there'] });
    const answered = await stream(ai.base, '/chat/send', { content: 'hello' }, { token: invitee.token });
    expect(answered.events.at(-1)?.type).toBe('end');
    mine = (await callApi(app(), api.invite, { token: inviter.token })).body.data;
    expect(mine).toMatchObject({ rewards_pending: 0, earned: { conversation_count: 20 } });
    // The reward (20) and now the "invite a friend" task (10).
    expect(await inviter.gained()).toBe(30);
    expect(await inviter.gained('word_count')).toBe(1000);
    // 5 given - 1 charged for the answer + 10 invitation + 3 for the chat task.
    expect(await invitee.gained()).toBe(17);

    // More answers never pay the invitation again.
    for (let i = 0; i < 3; i += 1) await app().services.tasks.record(invitee.user.id, 'chat');
    expect(await inviter.gained()).toBe(30);
    expect((await ledgerKeys(invitee.user.id)).filter((k) => k.startsWith('invite:'))).toEqual([`invite:${invitee.user.id}:invitee:conversation_count`]);
  });

  it('unlock at sign-up pays at once; a switched-off programme creates no reward', async () => {
    await setInvite({ unlock: 'signup' });
    const inviter = await newUser();
    const invitee = await newUser();
    await bind(inviter, invitee);
    expect(await invitee.gained()).toBe(10);
    expect(await inviter.gained()).toBe(30);
    // Binding again (a retried call) pays nothing more.
    await bind(inviter, invitee);
    expect(await inviter.gained()).toBe(30);

    await setInvite({ enabled: false });
    const other = await newUser();
    await bind(inviter, other);
    expect(await other.gained()).toBe(0);
    // Without invitation rewards, the binding itself completes the inviter's task.
    expect(await inviter.gained()).toBe(40);
    expect((await callApi(app(), api.invite, { token: inviter.token })).body.data.rewards_pending).toBe(0);
    await setInvite({ enabled: true, unlock: 'first_use' });
  });

  it('a finished template output completes the template task once a day (word reward); a stopped or failed one does not', async () => {
    const u = await newUser();
    await app().services.ledger.apply([{ userId: u.user.id, asset: 'conversation_count', delta: 5, reason: 'test', refType: 'test' }]);
    const templates = (await callApi(app(), api.createTemplates)).body.data.lists;
    const polish = templates.find((x) => x.key === 'polish_en');
    ai.fake.next({ status: 500, error: { message: 'down', type: 'error', code: 'server_error' } });
    await stream(ai.base, '/create/produce', { template_id: polish?.id, fields: { text: 'We was happy.' } }, { token: u.token });
    expect(await u.gained('word_count')).toBe(0);
    for (let i = 0; i < 2; i += 1) {
      ai.fake.next({ chunks: ['We were happy.'] });
      const res = await stream(ai.base, '/create/produce', { template_id: polish?.id, fields: { text: 'We was happy.' } }, { token: u.token });
      expect(res.events.at(-1)).toMatchObject({ type: 'end', status: 'done' });
    }
    expect(await u.gained('word_count')).toBe(2_000);
    const template = (await callApi(app(), api.taskLists, { token: u.token })).body.data.lists.find((x) => x.kind === 'template');
    expect(template).toMatchObject({ done_today: 1, completed: true });
  });

  it('the ledger audit finds nothing after all of it', async () => {
    const audit = await callApi(app(), api.ledgerAudit, { token: ai.admin.token });
    expect(audit.body.data.mismatches).toEqual([]);
  });
});
