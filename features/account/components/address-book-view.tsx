import { useRef, useState, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Checkbox } from '#ui/checkbox';
import { EmptyState } from '#ui/empty-state';
import { SkeletonGroup } from '#ui/skeleton';
import { ConfirmDelete, useBookList, useFocusAfterRemoval } from './book-parts.tsx';

/** What the book's dialog is doing: adding, editing one address, or closed. */
export type BookEditing<T> = { mode: 'add' } | { mode: 'edit'; address: T } | null;

/** The words of one book, in the catalogue's keys of its kind (`account.address.*`, `account.billing.*`). */
export interface BookWords {
  add: string;
  loading: string;
  list: string;
  empty: string;
  emptyBody: string;
  deleteTitle: (count: number) => string;
  deleteBody: (count: number) => string;
  deleted: (count: number) => string;
}

/** What a row's own actions may do to the book (the shipping book's "Make default"). */
export interface BookActions {
  reload: () => Promise<void>;
  announce: (message: string) => void;
}

export interface AddressBookViewProps<T extends { id: string }> {
  words: BookWords;
  /** The list's key in the server-state cache (lib/query-keys.ts). */
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<{ list: T[] }>;
  remove: (ids: string[]) => Promise<{ deleted: number }>;
  /** The address in one line: its checkbox's name ("Select …"). */
  textValue: (address: T) => string;
  /** The address as its row shows it. */
  renderAddress: (address: T) => ReactNode;
  /** Names of the row's Edit and Delete buttons, which say which address. */
  editLabel: (address: T) => string;
  deleteLabel: (address: T) => string;
  /** Actions of the row before Edit and Delete. */
  renderRowActions?: (address: T, book: BookActions) => ReactNode;
  /** The add and edit dialog (a chunk of its own, ADR 140). */
  renderDialog: (props: { editing: BookEditing<T>; list: T[]; onClose: () => void; onSaved: (message: string) => Promise<void> }) => ReactNode;
  skeletonLines?: number;
}

/**
 * One address book for shipping and billing (issue 37 item 5): the list as an HTML list of rows,
 * each with a checkbox that selects it and its own buttons (ADR 270: Tab reaches each of them, and
 * no grid's code is in the page's first load); add and edit in a dialog; delete one or several
 * (tick rows or "Select all", then "Delete selected") after a confirmation; what changed said in a
 * status line; the focus kept on the toolbar when the row that had it is gone. Each kind gives its
 * words, its calls, how a row reads and its dialog.
 */
export function AddressBookView<T extends { id: string }>(props: AddressBookViewProps<T>) {
  const { words } = props;
  const t = useT();
  const { state, reload } = useBookList(props.queryKey, props.load);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<BookEditing<T>>(null);
  const [deleting, setDeleting] = useState<T[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const toolbar = useRef<HTMLDivElement>(null);
  const focusAdd = useFocusAfterRemoval(toolbar);

  const list = state.status === 'ready' ? state.list : [];
  const selectedIds = list.filter((a) => selected.has(a.id)).map((a) => a.id);
  const select = (id: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const book: BookActions = { reload, announce: setAnnouncement };

  return (
    <div className="flex flex-col gap-4">
      <div ref={toolbar} className="flex flex-wrap items-center gap-3">
        <Button onPress={() => setEditing({ mode: 'add' })}>{words.add}</Button>
        {list.length > 1 && (
          <Checkbox
            isSelected={selectedIds.length === list.length}
            isIndeterminate={selectedIds.length > 0 && selectedIds.length < list.length}
            onChange={(on) => setSelected(new Set(on ? list.map((a) => a.id) : []))}
          >
            {t('account.book.selectAll')}
          </Checkbox>
        )}
        {selectedIds.length > 0 && (
          <Button variant="destructive" onPress={() => setDeleting(list.filter((a) => selectedIds.includes(a.id)))}>
            {t('account.book.deleteSelected', { count: selectedIds.length })}
          </Button>
        )}
      </div>
      <p role="status" className="text-neutral-700">
        {announcement}
      </p>

      {state.status === 'loading' && <SkeletonGroup label={words.loading} lines={props.skeletonLines ?? 3} />}
      {state.status === 'error' && <p role="alert">{state.message}</p>}
      {state.status === 'ready' && list.length === 0 && <EmptyState title={words.empty} description={words.emptyBody} level={2} />}
      {state.status === 'ready' && list.length > 0 && (
        <ul role="list" aria-label={words.list} className="flex w-full max-w-3xl flex-col rounded-card border border-neutral-200 bg-neutral-0">
          {list.map((address) => {
            const isSelected = selected.has(address.id);
            return (
              <li key={address.id} className={`flex items-start gap-3 border-b border-neutral-100 px-4 py-2.5 text-body text-neutral-900 last:border-b-0 ${isSelected ? 'bg-brand-50' : ''}`}>
                <Checkbox aria-label={t('account.book.select', { address: props.textValue(address) })} isSelected={isSelected} onChange={(on) => select(address.id, on)} />
                <div className="flex flex-1 flex-wrap items-start justify-between gap-3">
                  {props.renderAddress(address)}
                  <div className="flex flex-wrap items-center gap-2">
                    {props.renderRowActions?.(address, book)}
                    <Button variant="secondary" onPress={() => setEditing({ mode: 'edit', address })} aria-label={props.editLabel(address)}>
                      {t('account.book.edit')}
                    </Button>
                    <Button variant="quiet" onPress={() => setDeleting([address])} aria-label={props.deleteLabel(address)}>
                      {t('account.book.delete')}
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {props.renderDialog({
        editing,
        list,
        onClose: () => setEditing(null),
        onSaved: async (message) => {
          setEditing(null);
          await reload();
          setAnnouncement(message);
        },
      })}
      <ConfirmDelete
        isOpen={deleting !== null}
        title={words.deleteTitle(deleting?.length ?? 0)}
        body={words.deleteBody(deleting?.length ?? 0)}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const { deleted } = await props.remove((deleting ?? []).map((a) => a.id));
          setDeleting(null);
          setSelected(new Set());
          await reload();
          setAnnouncement(words.deleted(deleted));
          focusAdd();
        }}
      />
    </div>
  );
}
