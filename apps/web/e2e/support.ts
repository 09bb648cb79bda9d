import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT } from '../../../playwright.config';

interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

/**
 * A file of the shared test corpus, `../shared/data` beside the repository
 * (PAPERS_DATA_DIR points elsewhere, as for the server, e.g. from a git worktree).
 */
export function sharedData(...parts: string[]): string {
  const dir = process.env.PAPERS_DATA_DIR ?? fileURLToPath(new URL('../../../../shared/data', import.meta.url));
  return path.join(dir, ...parts);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@e2e.test`;
}

export async function apiCall<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, options: { token?: string; data?: unknown; params?: Record<string, string> } = {}): Promise<Envelope<T>> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { ...(options.token ? { token: options.token } : {}), 'accept-language': 'en' },
    data: options.data,
    params: options.params,
  });
  return (await response.json()) as Envelope<T>;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const body = await apiCall<{ token: string }>(request, 'POST', '/login/account', { data: { scene: 1, account: E2E_ADMIN.email, password: E2E_ADMIN.password, terminal: 'pc' } });
  expect(body.code, body.msg).toBe(1);
  return body.data.token;
}

/**
 * Moves the server's clock forward (scripts/e2e-server.mjs gives it an offset
 * file, decision 0028), so a cooldown or an expiry passes without waiting it
 * out. The offset only grows: later tests see a clock that ran on.
 */
export function advanceServerClock(ms: number): void {
  const file = fileURLToPath(new URL(`../../../test-results/e2e-clock-${E2E_PORT}`, import.meta.url));
  const current = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').trim() || 0) : 0;
  fs.writeFileSync(file, String(current + ms));
}

/**
 * No mail transport runs in the browser tests, so the server's log-only
 * transport writes each mail to the server log (scripts/e2e-server.mjs keeps
 * it in a file); the code is read there, as a developer without SMTP would.
 * The admin outbox shows codes masked.
 */
export async function latestEmailCode(email: string): Promise<string> {
  const logFile = fileURLToPath(new URL(`../../../test-results/e2e-server-${E2E_PORT}.log`, import.meta.url));
  const marker = `Mail to ${email}: `;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    const at = log.lastIndexOf(marker);
    if (at >= 0) {
      // The first line is the subject; the code is in the body below it.
      const body = log.slice(log.indexOf('\n', at) + 1, at + 4000);
      const code = body.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code mailed to ${email}`);
}

export async function openLogin(page: Page): Promise<void> {
  await page.getByTestId('login-open').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
}

export async function acceptAgreementIfShown(page: Page): Promise<void> {
  // antd puts the test id on the checkbox input itself.
  const box = page.getByTestId('login-agreement');
  if ((await box.count()) > 0 && !(await box.isChecked())) await box.check();
}

/**
 * A new account is asked for its organisation once (spec §4 org modal, auto
 * shown when show_edit=1); dismiss it like a person who skips it.
 */
export async function dismissOrgModal(page: Page): Promise<void> {
  const name = page.getByTestId('org-name');
  try {
    await name.waitFor({ state: 'visible', timeout: 3000 });
  } catch {
    return;
  }
  await page.keyboard.press('Escape');
  await expect(name).toBeHidden();
}

/** Registers through the popup with an email code; returns when signed in. */
export async function registerByEmail(page: Page, request: APIRequestContext, email: string, password: string): Promise<void> {
  await openLogin(page);
  // A click during the popup's opening animation (or a re-render right after the page loads) can be lost: retry it.
  await expect(async () => {
    const form = page.getByTestId('register-form-email');
    if (!(await form.isVisible())) await page.getByTestId('to-register').click({ timeout: 3000 });
    await expect(form).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('code-button').click();
  await expect(page.getByTestId('code-button')).toBeDisabled();
  const code = await latestEmailCode(email);
  await page.getByTestId('login-code').fill(code);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-password-confirm').fill(password);
  await acceptAgreementIfShown(page);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await dismissOrgModal(page);
}

export async function signInWithPassword(page: Page, account: string, password: string): Promise<void> {
  await openLogin(page);
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await acceptAgreementIfShown(page);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await dismissOrgModal(page);
}

/** Admin console: finds the user by email and opens their detail drawer (the admin must be signed in). */
export async function openAdminUser(page: Page, email: string): Promise<void> {
  await page.goto('/admin');
  const search = page.getByTestId('admin-search').locator('input').or(page.locator('input[data-testid="admin-search"]')).first();
  await search.fill(email);
  await search.press('Enter');
  const view = page.locator('[data-testid^="admin-view-"]').first();
  await expect(view).toBeVisible();
  await view.click();
  await expect(page.getByTestId('admin-user-detail')).toContainText(email);
}

export async function signOut(page: Page): Promise<void> {
  // The user menu is a dropdown that animates open; a click during the animation can
  // miss the item, so open it and click again until the sign-in button is back.
  await expect(async () => {
    if (await page.getByTestId('org-name').isVisible()) await page.keyboard.press('Escape');
    if (!(await page.getByTestId('logout').isVisible())) await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click({ timeout: 3000 });
    await expect(page.getByTestId('login-open')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

/** Waits until the page's running animations and transitions have ended and two frames have been drawn (before a screenshot). */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Picks an antd Select's option by its text and checks that the select then
 * shows it. A click while the option list is still opening can land on a
 * neighbouring option (seen on the first, cold page of a run), so the pick is
 * tried again until the select shows the asked option.
 */
export async function chooseAntdOption(page: Page, testId: string, text: string | RegExp): Promise<void> {
  const select = page.getByTestId(testId);
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click({ timeout: 2000 });
    await expect(select).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}
