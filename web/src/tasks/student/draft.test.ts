import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, readDraft, startingText, writeDraft } from './draft';

const server = (answer: string, updated_at: string, is_sent = false) => ({ answer, updated_at, is_sent });

describe('the local copy of a draft', () => {
  afterEach(() => localStorage.clear());

  it('is kept per task and per group', () => {
    writeDraft({ taskId: '4' }, '<p>mine</p>', 10);
    writeDraft({ taskId: '4', groupId: '9' }, '<p>ours</p>', 11);
    expect(readDraft({ taskId: '4' })).toEqual({ answer: '<p>mine</p>', at: 10 });
    expect(readDraft({ taskId: '4', groupId: '9' })).toEqual({ answer: '<p>ours</p>', at: 11 });
    expect(readDraft({ taskId: '5' })).toBeNull();
  });

  it('is cleared only when the server holds the same text', () => {
    writeDraft({ taskId: '4' }, '<p>newer</p>', 10);
    clearDraft({ taskId: '4' }, '<p>older</p>');
    expect(readDraft({ taskId: '4' })?.answer).toBe('<p>newer</p>');
    clearDraft({ taskId: '4' }, '<p>newer</p>');
    expect(readDraft({ taskId: '4' })).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('lms.task.draft.task.4', '{not json');
    expect(readDraft({ taskId: '4' })).toBeNull();
  });
});

describe('the text the editor starts from', () => {
  const at = Date.parse('2026-11-24T08:00:00Z');

  it('is the local copy when it is newer than the server’s answer and differs', () => {
    expect(startingText(server('<p>a</p>', '2026-11-24T07:59:00Z'), { answer: '<p>ab</p>', at })).toEqual({
      text: '<p>ab</p>',
      unsaved: true,
    });
    expect(startingText(null, { answer: '<p>first</p>', at })).toEqual({
      text: '<p>first</p>',
      unsaved: true,
    });
  });

  it('is the server’s answer when it is newer, the same, or sent', () => {
    expect(startingText(server('<p>b</p>', '2026-11-24T08:01:00Z'), { answer: '<p>a</p>', at }).text).toBe(
      '<p>b</p>',
    );
    expect(startingText(server('<p>a</p>', '2026-11-24T07:00:00Z'), { answer: '<p>a</p>', at }).unsaved).toBe(
      false,
    );
    expect(
      startingText(server('<p>sent</p>', '2026-11-24T07:00:00Z', true), { answer: '<p>local</p>', at }).text,
    ).toBe('<p>sent</p>');
    expect(startingText(null, null)).toEqual({ text: '', unsaved: false });
  });
});
