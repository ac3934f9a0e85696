import { skipToken } from '@reduxjs/toolkit/query';
import { useMyGroupQuery } from '../api';
import type { Task, TaskAnswer, TaskGroup } from '../taskTypes';
import { statusOf } from './errors';
import { useMyAnswerQuery, useMyGroupAnswerQuery } from './studentApi';

/**
 * The answer a student works on for a task: their own for a personal task; for a group task their
 * group (null when the lecturer put them in none: the service answers 404) and the group's answer.
 */
export function useTaskAnswer(task: Task | undefined): {
  answer: TaskAnswer | null;
  group: TaskGroup | null;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
} {
  const group = task?.tasks_type === 'GROUP';
  const own = useMyAnswerQuery(task && !group ? task.id : skipToken);
  const mine = useMyGroupQuery(task && group ? task.id : skipToken);
  const groupId = mine.data?.id;
  const groupAnswer = useMyGroupAnswerQuery(task && groupId ? { taskId: task.id, groupId } : skipToken);
  const noGroup = statusOf(mine.error) === 404;
  if (!task) return { answer: null, group: null, isLoading: true, error: null, refetch: () => undefined };
  if (!group) {
    return {
      answer: own.data ?? null,
      group: null,
      isLoading: own.isLoading,
      error: own.error,
      refetch: () => void own.refetch(),
    };
  }
  return {
    answer: groupAnswer.data ?? null,
    group: noGroup ? null : (mine.data ?? null),
    isLoading: mine.isLoading || groupAnswer.isLoading,
    error: (noGroup ? undefined : mine.error) ?? groupAnswer.error,
    refetch: () => {
      void mine.refetch();
      if (groupId) void groupAnswer.refetch();
    },
  };
}
