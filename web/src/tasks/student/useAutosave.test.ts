import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDraft } from './draft';
import { useAutosave } from './useAutosave';

const scope = { taskId: '4' };

describe('the draft’s autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('saves once typing pauses, keeps the text in the browser until the server has it', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() =>
      useAutosave({ scope, initial: '', unsaved: false, save, delay: 1000 }),
    );
    act(() => result.current.change('<p>a</p>'));
    act(() => result.current.change('<p>ab</p>'));
    expect(result.current.status).toBe('pending');
    expect(readDraft(scope)?.answer).toBe('<p>ab</p>');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(save).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('<p>ab</p>');
    expect(result.current.status).toBe('saved');
    expect(result.current.savedAt).toBeInstanceOf(Date);
    expect(readDraft(scope)).toBeNull();
  });

  it('saves a change made during a save after it, one save at a time', async () => {
    let release: () => void = () => undefined;
    const save = vi.fn(
      (_text: string) =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const { result } = renderHook(() => useAutosave({ scope, initial: '', unsaved: false, save, delay: 10 }));
    act(() => result.current.change('<p>one</p>'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(result.current.status).toBe('saving');
    act(() => result.current.change('<p>two</p>'));
    let flushed: Promise<boolean> = Promise.resolve(false);
    act(() => {
      flushed = result.current.flush();
    });
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith('<p>two</p>');
    await act(async () => {
      release();
      expect(await flushed).toBe(true);
    });
    expect(result.current.status).toBe('saved');
  });

  it('reports a failed save and keeps the local copy', async () => {
    const save = vi.fn(() => Promise.reject(new Error('offline')));
    const { result } = renderHook(() => useAutosave({ scope, initial: '', unsaved: false, save, delay: 10 }));
    act(() => result.current.change('<p>kept</p>'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(result.current.status).toBe('failed');
    expect(readDraft(scope)?.answer).toBe('<p>kept</p>');
  });

  it('saves at once a local copy the server does not hold yet', async () => {
    const save = vi.fn(() => Promise.resolve());
    renderHook(() => useAutosave({ scope, initial: '<p>offline</p>', unsaved: true, save }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(save).toHaveBeenCalledWith('<p>offline</p>');
  });
});
