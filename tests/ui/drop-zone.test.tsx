import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { FileDropZone, MAX_FOLDER_ENTRIES, droppedFiles, type DropItem } from '#ui/drop-zone';

describe('the drop zone’s own button', () => {
  test.each(['{Enter}', ' '])('opens the file chooser on %s', async (key) => {
    render(<FileDropZone onFiles={() => {}} title="Drop STL or STEP files here" limits="Up to 20 files." />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    const opened = vi.spyOn(input as HTMLInputElement, 'click').mockImplementation(() => {});
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Drop STL or STEP files here' })).toHaveFocus();
    await userEvent.keyboard(key);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  test('the Browse button still opens it once, and other keys do nothing', async () => {
    render(<FileDropZone onFiles={() => {}} title="Drop files" limits="Up to 20 files." />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    const opened = vi.spyOn(input as HTMLInputElement, 'click').mockImplementation(() => {});
    await userEvent.tab();
    await userEvent.keyboard('a');
    expect(opened).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Browse files' }));
    expect(opened).toHaveBeenCalledTimes(1);
  });
});

/** A dropped file, as react-aria hands it over. */
function fileItem(name: string): DropItem {
  return { kind: 'file', type: '', name, getFile: async () => new File(['x'], name), getText: async () => '' };
}

/** A dropped folder and what is in it. */
function folderItem(name: string, entries: DropItem[]): DropItem {
  return {
    kind: 'directory',
    name,
    async *getEntries() {
      for (const entry of entries) if (entry.kind !== 'text') yield entry;
    },
  };
}

describe('what a drop brings', () => {
  test('a dropped folder gives the part files in it and its sub-folders, in name order; its notes and pictures stay behind', async () => {
    const project = folderItem('Drone frame', [
      fileItem('README.txt'),
      fileItem('Arm.STL'),
      folderItem('motors', [fileItem('mount.step'), fileItem('photo.jpg')]),
      fileItem('body.3mf'),
    ]);
    const { files, emptyFolders } = await droppedFiles([project, fileItem('notes.pdf')], ['.stl', '.step', '.3mf']);
    // A file dropped on its own is taken whatever it is: the quote says why it cannot use it.
    expect(files.map((f) => f.name)).toEqual(['Arm.STL', 'body.3mf', 'mount.step', 'notes.pdf']);
    expect(emptyFolders).toEqual([]);
  });

  test('a folder without a part file is named, so the page can say so', async () => {
    const { files, emptyFolders } = await droppedFiles([folderItem('Invoices', [fileItem('march.pdf')]), folderItem('Empty', [])], ['.stl']);
    expect(files).toEqual([]);
    expect(emptyFolders).toEqual(['Invoices', 'Empty']);
  });

  test(`a huge folder is looked at up to ${MAX_FOLDER_ENTRIES} entries`, async () => {
    const many = Array.from({ length: MAX_FOLDER_ENTRIES + 50 }, (_, i) => fileItem(`part-${String(i).padStart(4, '0')}.stl`));
    const { files } = await droppedFiles([folderItem('Disk', many)], ['.stl']);
    expect(files).toHaveLength(MAX_FOLDER_ENTRIES);
  });

  test('text dropped is not a file', async () => {
    const text: DropItem = { kind: 'text', types: new Set(['text/plain']), getText: async () => 'hello' };
    expect(await droppedFiles([text])).toEqual({ files: [], emptyFolders: [] });
  });
});
