/** Who owns quote things: a signed-in user, or a visitor's temporary subject (ADR 026). */
export type Owner = { column: 'user_id'; id: string } | { column: 'temp_subject_id'; id: string };

/** The two owner columns of a new row. */
export function ownerColumns(owner: Owner): { user_id: string | null; temp_subject_id: string | null } {
  return owner.column === 'user_id' ? { user_id: owner.id, temp_subject_id: null } : { user_id: null, temp_subject_id: owner.id };
}
