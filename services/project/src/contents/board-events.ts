/** A board as its resource and its socket carry it: columns left to right, cards top to bottom. */
export interface Board {
  /** Counts the board's changes: a push with a lower version than the one shown is stale. */
  version: number;
  columns: Array<{
    id: number;
    name: string;
    cards: Array<{ id: number; title: string; description: string }>;
  }>;
}

/** What the project socket (`/socket/project`) receives. */
export interface BoardSocketEvents {
  /** A watched board changed (a card moved, added, edited or deleted; a column added or deleted). */
  board: (update: Board & { content_id: number; actor_id: number }) => void;
}

/** The room of a board's watchers. */
export const boardRoom = (contentId: number): string => `board:${contentId}`;
