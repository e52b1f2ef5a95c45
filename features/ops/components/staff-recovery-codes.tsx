import { useT } from '#lib/i18n/i18n';
import { CopyButton } from '#ui/copy-button';

/** Recovery codes shown once (after accepting an invitation, after renewing them), with a button that copies them all. */
export function StaffRecoveryCodes({ codes }: { codes: readonly string[] }) {
  const t = useT();
  return (
    <section aria-labelledby="staff-recovery-codes" className="flex flex-col gap-3 rounded-card border border-neutral-300 bg-neutral-0 p-4">
      <h2 id="staff-recovery-codes" className="text-title text-neutral-900">
        {t('opsStaff.codes.title')}
      </h2>
      <p className="text-neutral-700">{t('opsStaff.codes.intro')}</p>
      <ul role="list" aria-label={t('opsStaff.codes.list')} className="grid grid-cols-1 gap-1 font-mono sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton className="self-start" value={codes.join('\n')} label={t('opsStaff.codes.copy')} copiedLabel={t('opsStaff.accept.copied')} failedMessage={t('opsStaff.accept.copyFailed')} />
    </section>
  );
}
