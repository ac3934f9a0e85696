import { skipToken } from '@reduxjs/toolkit/query';
import { useMyGroupAnswerQuery, useMyAnswerQuery, useMyTaskGroupQuery } from './studentApi';
import type { Task, TaskAnswer, TaskGroup } from './studentTypes';

/**
 * The answer a student works on for a task: their own for a personal task; for a group task their
 * group (null when the lecturer put them in none) and the group's answer.
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
  const mine = useMyTaskGroupQuery(task && group ? task.id : skipToken);
  const groupId = mine.data?.id;
  const groupAnswer = useMyGroupAnswerQuery(groupId ?? skipToken);
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
    group: mine.data ?? null,
    isLoading: mine.isLoading || groupAnswer.isLoading,
    error: mine.error ?? groupAnswer.error,
    refetch: () => {
      void mine.refetch();
      if (groupId) void groupAnswer.refetch();
    },
  };
}
