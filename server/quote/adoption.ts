import type { Adopter } from '../accounts/adoption.ts';

/**
 * A visitor's quote projects (with their files), cart lines and quote documents become the
 * account's at login or activation (ADR 026). Files belong to their project, so moving the
 * project moves them.
 */
export function quoteAdopters(): Adopter[] {
  return (['quote_project', 'cart_item', 'quote_document'] as const).map((table) => ({
    name: table,
    async adopt(trx, subjectId, userId) {
      const result = await trx.updateTable(table).set({ user_id: userId, temp_subject_id: null }).where('temp_subject_id', '=', subjectId).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  }));
}
