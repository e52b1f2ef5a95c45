import type { UserInfo } from '#domain/api/account';
import { useT } from '#lib/i18n/i18n';
import { useSessionOr } from '#machines/session-context';
import { Card } from '#ui/card';
import { AvatarField } from './avatar-field.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { EmailStatus } from './email-status.tsx';
import { LinkedLogins } from './linked-logins.tsx';
import { ProfileForm } from './profile-form.tsx';

/** The profile page's sections: picture, details, email, sign-in methods (when a provider is configured), and deleting the account. */
export function Profile({ user, returnTo }: { user: UserInfo; returnTo: string }) {
  const t = useT();
  // No provider configured: no sign-in methods section at all (issue 40 item 4).
  const quickLogin = useSessionOr((s) => (s.context.general?.quickLogin.length ?? 0) > 0, false);
  return (
    <div className="flex flex-col gap-6">
      <Card title={t('account.profile.pictureHeading')}>
        <AvatarField user={user} />
      </Card>
      <Card title={t('account.profile.detailsHeading')}>
        <ProfileForm user={user} />
      </Card>
      <Card title={t('account.profile.emailHeading')}>
        <EmailStatus email={user.email} activationEmail={user.activationEmail} />
      </Card>
      {quickLogin && (
        <Card title={t('account.profile.quickHeading')}>
          <LinkedLogins returnTo={returnTo} />
        </Card>
      )}
      <Card title={t('account.profile.deleteHeading')}>
        <DeleteAccount email={user.email} />
      </Card>
    </div>
  );
}
