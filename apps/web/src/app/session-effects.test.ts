import { beforeEach, describe, expect, it } from 'vitest';
import { expirePopupShownRecently, isAdminPath, isMembersArea, rememberExpirePopup } from './session-effects';

describe('session popups', () => {
  beforeEach(() => window.localStorage.clear());

  it('remembers the members-area popup per account, so arriving again does not reopen it', () => {
    expect(expirePopupShownRecently(7)).toBe(false);
    rememberExpirePopup(7);
    expect(expirePopupShownRecently(7)).toBe(true);
    expect(expirePopupShownRecently(8)).toBe(false);
  });

  it('knows the admin console and the members area by path', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/users')).toBe(true);
    expect(isAdminPath('/administer')).toBe(false);
    expect(isMembersArea('/pc-members')).toBe(true);
  });
});
