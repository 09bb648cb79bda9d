import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/auth';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';

/** Visitors may look; acting opens the sign-in popup with the reason (spec §5 "please log in before proceeding"). */
export function useSignInGate(): { signedIn: boolean; requireSignIn: () => boolean } {
  const { t } = useTranslation();
  const { signedIn } = useUser();
  const requireSignIn = useCallback(() => {
    if (signedIn) return true;
    openLogin(LOGIN_MODE.LOGIN, t('draw.sign_in_to_draw'));
    return false;
  }, [signedIn, t]);
  return { signedIn, requireSignIn };
}
