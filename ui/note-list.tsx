import type { ReactNode } from 'react';

export interface Note {
  /** Unique within the list. */
  readonly id: string;
  /** An error is framed in the danger colour; a warning or a note in the neutral one. */
  readonly tone: 'danger' | 'neutral';
  /** The first line: what it is ("Must fix: the wall is 0.6 mm thick"). */
  readonly lead: ReactNode;
  /** The second line: what to do. */
  readonly detail: ReactNode;
}

/**
 * Notes about a part, one box each with what it is and what to do: the findings of a model as its
 * customer saw them (a shared quote, an order). The words are the caller's.
 */
export function NoteList({ notes }: { notes: readonly Note[] }) {
  return (
    <ul role="list" className="flex flex-col gap-2">
      {notes.map((n) => (
        <li key={n.id} className={`rounded-control border p-3 text-caption ${n.tone === 'danger' ? 'border-danger-600 bg-danger-50' : 'border-neutral-200'}`}>
          <p>{n.lead}</p>
          <p className="text-neutral-700">{n.detail}</p>
        </li>
      ))}
    </ul>
  );
}
