import { APP_BASE_PATH } from '#domain/api/bases';

/** The app's addresses that mails and answers carry (activation, reset, deletion, any page). */
export interface AppLinks {
  activate(key: string): string;
  resetPassword(key: string): string;
  deleteAccount(key: string): string;
  app(pathname: string): string;
}

/** The links of the app served at `publicUrl` (PUBLIC_URL). */
export function appLinks(publicUrl: string): AppLinks {
  const app = (pathname: string) => `${publicUrl}${APP_BASE_PATH}${pathname.replace(/^\//, '')}`;
  return {
    app,
    activate: (key) => app(`login?activate=${encodeURIComponent(key)}`),
    resetPassword: (key) => app(`reset-password?key=${encodeURIComponent(key)}`),
    deleteAccount: (key) => app(`account-delete?key=${encodeURIComponent(key)}`),
  };
}
