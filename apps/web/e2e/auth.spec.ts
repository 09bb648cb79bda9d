import { expect, test } from '@playwright/test';
import { latestEmailCode, openLogin, registerByEmail, signInWithPassword, signOut, uniqueEmail, acceptAgreementIfShown, advanceServerClock } from './support';

test('register by email code, sign out, sign in with the password', async ({ page, request }) => {
  const email = uniqueEmail('reg');
  await page.goto('/');
  await registerByEmail(page, request, email, 'abc12345');
  // The sign-up gift arrives through the ledger and shows in the sidebar.
  await expect(page.getByTestId('balance-conversation_count')).toContainText('10');
  await signOut(page);
  await signInWithPassword(page, email, 'abc12345');
});

test('forgot password by email code, then sign in with the new password', async ({ page, request }) => {
  // One code per address per minute, and the sign-up code was just sent: the server's clock moves past the minute.
  const email = uniqueEmail('forgot');
  await page.goto('/');
  await registerByEmail(page, request, email, 'first123');
  await signOut(page);

  await openLogin(page);
  await page.getByTestId('to-forgot').click();
  await expect(page.getByTestId('reset-form-email')).toBeVisible();
  await page.getByTestId('login-email').fill(email);
  advanceServerClock(61_000);
  await page.getByTestId('code-button').click();
  await expect(page.getByTestId('code-button')).toBeDisabled();
  const code = await latestEmailCode(email);
  await page.getByTestId('login-code').fill(code);
  await page.getByTestId('login-password').fill('second123');
  await page.getByTestId('login-password-confirm').fill('second123');
  await acceptAgreementIfShown(page);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('reset-form-email')).toBeHidden();

  await page.goto('/');
  await signInWithPassword(page, email, 'second123');
});

test('a wrong password is refused with the spec message in the current language', async ({ page, request }) => {
  const email = uniqueEmail('wrong');
  await page.goto('/en');
  await registerByEmail(page, request, email, 'right123');
  await signOut(page);
  await openLogin(page);
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill('wrong123');
  await acceptAgreementIfShown(page);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Wrong account or password')).toBeVisible();
});

test('a guarded route opens the login popup for a signed-out visitor, then continues', async ({ page, request }) => {
  const email = uniqueEmail('guard');
  await page.goto('/');
  await registerByEmail(page, request, email, 'guard123');
  await signOut(page);
  await page.goto('/user/info');
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page.getByTestId('user-info-page')).toHaveCount(0);
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill('guard123');
  await acceptAgreementIfShown(page);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-info-page')).toBeVisible();
});
