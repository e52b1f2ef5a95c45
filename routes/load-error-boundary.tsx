import { Component, type ReactNode } from 'react';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { PageFrame } from './page-frame.tsx';

/**
 * What a page shows when a part of it could not be loaded (its chunk, or the session's, ADR 139):
 * the network dropped, or a new release replaced the files the page was built from. The spec's
 * message, and a reload, which fetches the current files.
 */
function LoadFailed() {
  const t = useT();
  return (
    <PageFrame>
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{t('error.reload')}</p>
        <Button onPress={() => window.location.reload()}>{t('app.reloadPage')}</Button>
      </div>
    </PageFrame>
  );
}

/** Catches an error thrown while a page renders, so that the app says so instead of going blank. */
export class LoadErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}
