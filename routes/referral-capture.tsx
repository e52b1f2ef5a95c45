import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { recordReferralVisit } from '#features/rewards/api';
import { REFERRAL_CODE_MIN } from '#domain/rules/referral-limits';
import { useT } from '#lib/i18n/i18n';
import { REFERRAL_CODE_LIFETIME_SECONDS, STORAGE_KEYS, storage } from '#lib/storage/storage';
import { isSignedIn, useSessionOr } from '#machines/session-context';
import { notify } from './notify.tsx';

/**
 * A visit through a referral link (`?cm=<code>` on any page): the visit is recorded with
 * `account/distribution/access` (spec section 7), and a known code is kept for 30 days so that the
 * sign-up form fills it in, wherever the visitor signs up from. A signed-in customer's visit is
 * recorded but changes nothing.
 */
export function ReferralCapture() {
  const search = useSearch();
  // Read when the server answers; a stored token stands for the session until it has loaded.
  const signedIn = useSessionOr(isSignedIn, storage.get(STORAGE_KEYS.token) !== null);
  const t = useT();
  const cm = new URLSearchParams(search).get('cm')?.trim() ?? '';
  useEffect(() => {
    if (cm.length < REFERRAL_CODE_MIN || cm.length > 64) return;
    const code = cm.toUpperCase();
    if (storage.get(STORAGE_KEYS.referralCode) === code) return;
    let live = true;
    recordReferralVisit(code).then(
      ({ valid }) => {
        if (!live || !valid || signedIn) return;
        storage.set(STORAGE_KEYS.referralCode, code, REFERRAL_CODE_LIFETIME_SECONDS);
        notify.info(t('rewards.referral.invited'));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Once per code: the session and the words do not start a new visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cm]);
  return null;
}
