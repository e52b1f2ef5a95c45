import { useEffect, useRef, useState } from 'react';
import { FileTrigger } from '#ui/file-trigger';
import type { UserInfo } from '#domain/api/account';
import { AVATAR_DEFAULT_MAX_BYTES, AVATAR_TYPES, avatarProblem, megabytes } from '#domain/rules/account-rules';
import { UploadError } from '#lib/api/upload';
import { useT } from '#lib/i18n/i18n';
import { useSession, useSessionActor } from '#machines/session-context';
import { Button } from '#ui/button';
import { ProgressBar } from '#ui/progress-bar';
import { uploadAvatar } from '../api.ts';

type State =
  | { status: 'idle' }
  | { status: 'chosen'; file: File; preview: string }
  | { status: 'uploading'; file: File; preview: string; progress: number }
  | { status: 'saved' }
  | { status: 'failed'; message: string };

/**
 * The profile picture (`account/uploadImage`): choose an image, see it, then save it. The type and
 * the size are checked here before anything is sent (the server checks both again, by content);
 * a refusal says why in words.
 */
export function AvatarField({ user }: { user: UserInfo }) {
  const t = useT();
  const session = useSessionActor();
  const maxBytes = useSession((s) => s.context.general?.limits.avatarMaxBytes) ?? AVATAR_DEFAULT_MAX_BYTES;
  const [state, setState] = useState<State>({ status: 'idle' });
  const abort = useRef<(() => void) | null>(null);
  const preview = state.status === 'chosen' || state.status === 'uploading' ? state.preview : null;

  // The preview's object URL lives as long as the preview.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  useEffect(() => () => abort.current?.(), []);

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const problem = avatarProblem(file, maxBytes);
    if (problem) setState({ status: 'failed', message: problem });
    else setState({ status: 'chosen', file, preview: URL.createObjectURL(file) });
  };

  const save = (file: File, previewUrl: string) => {
    setState({ status: 'uploading', file, preview: previewUrl, progress: 0 });
    const upload = uploadAvatar(file, (progress) => setState((s) => (s.status === 'uploading' ? { ...s, progress } : s)));
    abort.current = upload.abort;
    upload.result.then(
      ({ avatarUrl }) => {
        abort.current = null;
        session.send({ type: 'user.updated', user: { ...user, avatarUrl } });
        setState({ status: 'saved' });
      },
      (error: unknown) => {
        abort.current = null;
        setState({ status: 'failed', message: error instanceof UploadError ? error.message : t('error.unknown') });
      },
    );
  };

  const shown = preview ?? user.avatarUrl;
  const initials = [user.firstName, user.lastName].map((n) => n?.trim()[0] ?? '').join('') || user.email[0]?.toUpperCase();
  return (
    <div className="flex flex-wrap items-start gap-6">
      {shown ? (
        <img src={shown} alt={preview ? t('account.avatar.previewAlt') : t('account.avatar.alt')} className="size-24 rounded-full border border-neutral-200 object-cover" />
      ) : (
        <span aria-hidden className="flex size-24 items-center justify-center rounded-full bg-brand-50 text-headline text-brand-700">
          {initials}
        </span>
      )}
      <div className="flex flex-col items-start gap-3">
        <p className="text-caption text-neutral-600">{t('account.avatar.limits', { size: megabytes(maxBytes) })}</p>
        {state.status === 'chosen' || state.status === 'uploading' ? (
          <div className="flex flex-wrap gap-2">
            <Button isPending={state.status === 'uploading'} onPress={() => state.status === 'chosen' && save(state.file, state.preview)}>
              {t('account.avatar.save')}
            </Button>
            <Button
              variant="secondary"
              onPress={() => {
                abort.current?.();
                setState({ status: 'idle' });
              }}
            >
              {t('common.cancel')}
            </Button>
          </div>
        ) : (
          <FileTrigger acceptedFileTypes={[...AVATAR_TYPES]} onSelect={choose}>
            <Button variant="secondary">{user.avatarUrl ? t('account.avatar.change') : t('account.avatar.choose')}</Button>
          </FileTrigger>
        )}
        {state.status === 'uploading' && <ProgressBar label={t('account.avatar.uploading')} value={Math.round(state.progress * 100)} />}
        <p role="status" className="text-success-700">
          {state.status === 'saved' ? t('account.avatar.saved') : ''}
        </p>
        {state.status === 'failed' && (
          <p role="alert" className="text-danger-700">
            {state.message}
          </p>
        )}
      </div>
    </div>
  );
}
