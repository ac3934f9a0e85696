import { formatWireDate } from '@lms/jsonapi';

/**
 * A board as its resource and its socket carry it: columns left to right, cards top to bottom, each
 * card with its assignees (user ids, members of the project, in the order they were assigned), its
 * due date and whether (since when) it is done. `Due` is how the dates are held: instants as read
 * (`ReadBoard`), wire dates in the campus's zone as sent (`Board`, what the resource's serializer
 * writes too).
 */
export interface Board<Due = string | null> {
  /** Counts the board's changes: a push with a lower version than the one shown is stale. */
  version: number;
  columns: Array<{
    id: number;
    name: string;
    cards: Array<{
      id: number;
      title: string;
      description: string;
      assignee_ids: number[];
      due_at: Due;
      is_completed: boolean;
      completed_at: Due;
    }>;
  }>;
}

/** A board as read from the database. */
export type ReadBoard = Board<Date | null>;

/** The board as the socket sends it: its dates in the campus's zone, as its resource writes them. */
export const pushedBoard = (board: ReadBoard, timeZone: string): Board => ({
  version: board.version,
  columns: board.columns.map((column) => ({
    ...column,
    cards: column.cards.map((card) => ({
      ...card,
      due_at: card.due_at && formatWireDate(card.due_at, timeZone),
      completed_at: card.completed_at && formatWireDate(card.completed_at, timeZone),
    })),
  })),
});

/** What the project socket (`/socket/project`) receives. */
export interface BoardSocketEvents {
  /** A watched board changed (a card moved, added, edited or deleted; a column added or deleted). */
  board: (update: Board & { content_id: number; actor_id: number }) => void;
}

/** The room of a board's watchers. */
export const boardRoom = (contentId: number): string => `board:${contentId}`;
