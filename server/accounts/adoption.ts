import type { Kysely, Transaction } from 'kysely';
import { iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

/**
 * Moves what an anonymous visitor made under a temporary token into the account they sign in to
 * or activate. Each module that stores rows owned by a temporary subject registers an adopter
 * (quote projects will); `temporary_subject.adopted_by_user_id` records who adopted whom.
 */
export interface Adopter {
  name: string;
  /** Moves the subject's rows to the user; answers how many moved. */
  adopt(trx: Transaction<Database>, subjectId: string, userId: string): Promise<number>;
}

/** An adopter for a table with `user_id` and `temp_subject_id` columns. */
export function ownerColumnsAdopter(table: 'sem_record' | 'detain_answer' | 'distribution_visit'): Adopter {
  return {
    name: table,
    async adopt(trx, subjectId, userId) {
      const result = await trx
        .updateTable(table)
        .set({ user_id: userId, temp_subject_id: null })
        .where('temp_subject_id', '=', subjectId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export class Adoption {
  private readonly adopters: Adopter[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  register(adopter: Adopter): void {
    if (this.adopters.some((a) => a.name === adopter.name)) throw new Error(`Adopter "${adopter.name}" is already registered`);
    this.adopters.push(adopter);
  }

  /**
   * Adopts the subject into the user once; a subject already adopted (by anyone) is left alone.
   * Revokes the subject's temporary sessions. Answers the rows moved per adopter, or undefined.
   */
  async adopt(subjectId: string, userId: string): Promise<Record<string, number> | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const now = iso(this.clock());
      const claimed = await trx
        .updateTable('temporary_subject')
        .set({ adopted_by_user_id: userId, adopted_at: now })
        .where('id', '=', subjectId)
        .where('adopted_by_user_id', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return undefined;
      const moved: Record<string, number> = {};
      for (const adopter of this.adopters) moved[adopter.name] = await adopter.adopt(trx, subjectId, userId);
      await trx.updateTable('auth_session').set({ revoked_at: now }).where('temp_subject_id', '=', subjectId).where('revoked_at', 'is', null).execute();
      return moved;
    });
  }
}
