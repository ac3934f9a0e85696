import type { AgendaItem, TodoItem } from './agendaApi';

type Item =
  | Pick<AgendaItem, 'item_type' | 'item_id' | 'course_id'>
  | Pick<TodoItem, 'todo_type' | 'item_id' | 'course_id'>;

/**
 * Where an item of the agenda or the to-do opens: the exam, the assignment (its submissions for
 * scoring), the form, the course.
 */
export function itemLink(item: Item): string {
  const kind = 'item_type' in item ? item.item_type : item.todo_type;
  switch (kind) {
    case 'exam':
    case 'grade_essays':
      return `/exam/${item.item_id}`;
    case 'task':
      return `/assignment/${item.item_id}`;
    case 'form':
      return `/forms/${item.item_id}`;
    case 'score_answers':
      return `/assignment/${item.item_id}/submissions`;
    default:
      return `/courses/${item.course_id}`;
  }
}
