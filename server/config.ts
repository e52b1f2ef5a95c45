import path from 'node:path';
import { DEFAULT_API_SEGMENT, isValidSegment } from '#domain/api/bases';

export interface ServerConfig {
  host: string;
  port: number;
  /** PostgreSQL when set (`postgres://...`); otherwise the embedded SQLite file in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  apiSegment: string;
  /** Folder of the built web app; served under /manufacture/ when present (production). */
  staticDir: string | undefined;
  production: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const apiSegment = env.API_SEGMENT ?? DEFAULT_API_SEGMENT;
  if (!isValidSegment(apiSegment)) {
    throw new Error(`API_SEGMENT must be lowercase letters, digits and dashes; got "${apiSegment}"`);
  }
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: "${env.PORT}"`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    apiSegment,
    staticDir: production ? path.resolve(env.STATIC_DIR ?? 'dist') : env.STATIC_DIR,
    production,
  };
}
