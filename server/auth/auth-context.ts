/** Who is calling, as the auth middleware found it (ADR 020). */
export type Auth =
  | { kind: 'anonymous'; rejected?: 'expired' | 'revoked' | 'invalid' }
  | { kind: 'temporary'; subjectId: string; sessionId: string }
  | { kind: 'user'; userId: string; sessionId: string };

export interface AppEnv {
  Variables: { auth: Auth };
}
