import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../app/store';
import '../i18n/i18n';
import { notified } from './notificationsSlice';
import { FAILURE_MS, SUCCESS_MS, Toasts } from './Toasts';

function shown() {
  const store = createStore();
  render(
    <Provider store={store}>
      <Toasts />
    </Provider>,
  );
  const say = (text: string) => act(() => void store.dispatch(notified({ color: 'success', text })));
  return { store, say };
}

const after = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('the toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('tells a success in a polite status region that is in the page before anything is said', () => {
    const { say } = shown();
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    say('Module “Week 1” added.');
    expect(status.textContent).toContain('Module “Week 1” added.');
    expect(screen.getByRole('region', { name: 'Notifications' }).contains(status)).toBe(true);
  });

  it('announces a failure at once, apart from the successes', () => {
    const { store } = shown();
    act(
      () => void store.dispatch(notified({ title: 'Warning', color: 'warning', text: 'Already enrolled' })),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Warning');
    expect(alert.textContent).toContain('Already enrolled');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('hides a success after a few seconds and a failure a little later', () => {
    const { store, say } = shown();
    say('Saved it');
    act(() => void store.dispatch(notified({ title: 'Error', color: 'danger', text: 'Server down' })));
    after(SUCCESS_MS - 100);
    expect(screen.queryByText('Saved it')).not.toBeNull();
    after(200);
    expect(screen.queryByText('Saved it')).toBeNull();
    expect(screen.queryByText('Server down')).not.toBeNull();
    after(FAILURE_MS - SUCCESS_MS);
    expect(screen.queryByText('Server down')).toBeNull();
  });

  it('stays while the pointer rests on it, and hides once the pointer has left', () => {
    const { say } = shown();
    say('Saved it');
    const region = screen.getByRole('region', { name: 'Notifications' });
    fireEvent.pointerEnter(region);
    after(SUCCESS_MS * 3);
    expect(screen.queryByText('Saved it')).not.toBeNull();
    fireEvent.pointerLeave(region);
    after(SUCCESS_MS + 10);
    expect(screen.queryByText('Saved it')).toBeNull();
  });

  it('stays while keyboard focus is in it', () => {
    const { say } = shown();
    say('Saved it');
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    act(() => dismiss.focus());
    after(SUCCESS_MS * 3);
    expect(screen.queryByText('Saved it')).not.toBeNull();
    act(() => dismiss.blur());
    after(SUCCESS_MS + 10);
    expect(screen.queryByText('Saved it')).toBeNull();
  });

  it('is dismissed by its button or by Escape, and the others run on', () => {
    const { say } = shown();
    say('First');
    say('Second');
    say('Third');
    const status = screen.getByRole('status');
    const [first, second] = within(status).getAllByRole('button', { name: 'Dismiss' });
    act(() => first.focus());
    fireEvent.click(first);
    expect(status.textContent).not.toContain('First');
    fireEvent.keyDown(second, { key: 'Escape' });
    expect(status.textContent).not.toContain('Second');
    // nothing holds the last one any more: it hides on time
    after(SUCCESS_MS + 10);
    expect(status.textContent).toBe('');
  });
});
