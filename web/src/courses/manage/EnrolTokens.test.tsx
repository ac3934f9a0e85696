import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { json, serve } from '../../test/server';
import { resource } from '../../test/factories';
import { EnrolTokens } from './EnrolTokens';

const window_ = () =>
  json(200, {
    data: [
      resource(
        'enrolls',
        {
          course_id: 7,
          start_at: '2026-01-01 08:00:00',
          end_at: '2026-12-31 08:00:00',
          is_open: true,
          tokens: [{ class_id: 3, class_name: 'Class A', token: 'AB23CD45' }],
          created_at: '2026-01-01 08:00:00',
        },
        '9',
      ),
    ],
    meta: { total: 1 },
  });

describe('the enrolment tokens a lecturer hands out', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each class’s token and join link with copy buttons that confirm, and the link as a QR code', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    serve({ 'GET /api/course/enrolls': window_ });
    render(
      <Provider store={createStore()}>
        <EnrolTokens courseId="7" />
      </Provider>,
    );
    const link = `${location.origin}/courses?token=AB23CD45`;
    expect((await screen.findByTestId('link-3')).textContent).toBe(link);

    fireEvent.click(screen.getByRole('button', { name: 'Copy the token of Class A' }));
    expect(await screen.findByText('Copied to the clipboard.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('AB23CD45');
    fireEvent.click(screen.getByRole('button', { name: 'Copy the join link of Class A' }));
    expect(writeText).toHaveBeenLastCalledWith(link);

    const qr = screen.getByRole('img', { name: 'QR code of the join link of Class A' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
  });

  it('says to copy by hand when the browser refuses', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    serve({ 'GET /api/course/enrolls': window_ });
    render(
      <Provider store={createStore()}>
        <EnrolTokens courseId="7" />
      </Provider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the token of Class A' }));
    expect(await screen.findByText('Could not copy: select the text and copy it yourself.')).toBeTruthy();
  });
});
