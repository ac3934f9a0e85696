import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileDownloads, FileSizes } from './FileDownloads';

const files = [
  { key: 'answers/7/report.pdf', name: 'report.pdf', size: 2048 },
  { key: 'answers/7/photo.jpg', name: 'photo.jpg', size: 10 },
];

/** The items of the list of that name, as read. */
const itemsOf = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const SHOWN = ['report.pdf 2 KB', 'photo.jpg 10 B'];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('FileDownloads', () => {
  it('downloads a file by its button, and says why a download failed', async () => {
    const created = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const blob = new Blob(['%PDF']);
    const fetchFile = vi
      .fn<(file: (typeof files)[number]) => Promise<Blob>>()
      .mockResolvedValueOnce(blob)
      .mockRejectedValueOnce({ status: 500, data: null });
    render(
      <FileDownloads
        files={files}
        label="Files of the entry"
        fetchFile={fetchFile}
        busy={false}
        downloadLabel={(file) => `Download ${file.name}`}
        failedText="The file could not be downloaded."
      />,
    );
    expect(itemsOf('Files of the entry')).toEqual(SHOWN);
    fireEvent.click(screen.getByRole('button', { name: 'Download report.pdf' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(fetchFile).toHaveBeenCalledWith(files[0]);
    expect(created).toHaveBeenCalledWith(blob);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download photo.jpg' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The file could not be downloaded.');
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('shows nothing without files, and waits while a download is under way', () => {
    const list = (shown: typeof files, busy: boolean) => (
      <FileDownloads
        files={shown}
        label="Files"
        fetchFile={vi.fn()}
        busy={busy}
        downloadLabel={(file) => file.name}
        failedText="Failed"
      />
    );
    const { container, rerender } = render(list([], false));
    expect(container.childElementCount).toBe(0);
    rerender(list(files, true));
    expect(screen.getAllByRole('button').every((button) => (button as HTMLButtonElement).disabled)).toBe(
      true,
    );
  });
});

describe('FileSizes', () => {
  it('names each file with its size, without a download', () => {
    render(<FileSizes files={files} label="Chosen files" />);
    expect(itemsOf('Chosen files')).toEqual(SHOWN);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
