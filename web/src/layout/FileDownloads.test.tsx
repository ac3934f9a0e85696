import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileDownloads, FileSizes } from './FileDownloads';

const files = [
  { key: 'answers/7/report.pdf', name: 'report.pdf', size: 2048 },
  { key: 'answers/7/photo.jpg', name: 'photo.jpg', size: 10 },
];

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
    const list = screen.getByRole('list', { name: 'Files of the entry' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['report.pdf 2 KB', 'photo.jpg 10 B']);
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
    const fetchFile = vi.fn();
    const { container, rerender } = render(
      <FileDownloads
        files={[]}
        label="Files"
        fetchFile={fetchFile}
        busy={false}
        downloadLabel={(file) => file.name}
        failedText="Failed"
      />,
    );
    expect(container.childElementCount).toBe(0);
    rerender(
      <FileDownloads
        files={files}
        label="Files"
        fetchFile={fetchFile}
        busy
        downloadLabel={(file) => file.name}
        failedText="Failed"
      />,
    );
    expect(screen.getAllByRole('button').every((button) => (button as HTMLButtonElement).disabled)).toBe(
      true,
    );
  });
});

describe('FileSizes', () => {
  it('names each file with its size, without a download', () => {
    render(<FileSizes files={files} label="Chosen files" />);
    const list = screen.getByRole('list', { name: 'Chosen files' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['report.pdf 2 KB', 'photo.jpg 10 B']);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
