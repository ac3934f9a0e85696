import { useState } from 'react';
import { useLazyTaskFileQuery } from './api';

/**
 * How a stored file is named in a path: the last segment of its key (`task/1/answers/<uuid>` →
 * `<uuid>`), which the service accepts as well as the key. The whole key, encoded, would not do:
 * the gateway refuses an encoded slash (`%2F`) as an attempt to climb out of `/api`.
 */
export const fileSegment = (key: string) => encodeURIComponent(key.split('/').pop() ?? key);

/** Where a stored file of a task, an answer or a comment is read (the API path under /api). */
export const taskFilePath = (taskId: string | number, key: string) =>
  `course/tasks/${encodeURIComponent(String(taskId))}/files/${fileSegment(key)}`;
export const answerFilePath = (answerId: string | number, key: string) =>
  `course/task/answers/${encodeURIComponent(String(answerId))}/files/${fileSegment(key)}`;

/**
 * Opens a stored file in a new tab: read with the session (a plain link would carry no token), then
 * shown from an object URL that is released after a minute. Returns the failure, if any.
 */
export function useOpenFile() {
  const [read] = useLazyTaskFileQuery();
  const [opening, setOpening] = useState<string | null>(null);
  const open = async (path: string): Promise<unknown> => {
    // the tab is opened now, inside the click, so a popup blocker lets it through
    const tab = window.open('', '_blank');
    setOpening(path);
    try {
      const blob = await read(path).unwrap();
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return null;
    } catch (error) {
      tab?.close();
      return error;
    } finally {
      setOpening(null);
    }
  };
  return { open, opening };
}
