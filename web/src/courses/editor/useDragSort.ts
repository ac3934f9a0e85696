import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { dropOn, moveBy } from '../structure';

/**
 * Reordering one list by native HTML5 drag and drop, with a keyboard alternative (Alt+↑/↓ on a
 * row; the rows also have move buttons). `onReorder` gets the whole list of ids in its new order.
 * Drags that started in another list are ignored, so nested lists do not mix.
 */
export function useDragSort(ids: string[], onReorder: (ids: string[]) => void) {
  const dragged = useRef<string | null>(null);
  const [over, setOver] = useState<string | null>(null);

  const rowProps = (id: string) => ({
    draggable: true,
    'data-drag-over': over === id && dragged.current !== id ? 'true' : undefined,
    onDragStart: (event: DragEvent) => {
      event.stopPropagation();
      dragged.current = id;
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', id);
    },
    onDragOver: (event: DragEvent) => {
      if (dragged.current === null) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = 'move';
      if (over !== id) setOver(id);
    },
    onDragLeave: () => setOver((now) => (now === id ? null : now)),
    onDrop: (event: DragEvent) => {
      if (dragged.current === null) return;
      event.preventDefault();
      event.stopPropagation();
      const next = dropOn(ids, dragged.current, id);
      dragged.current = null;
      setOver(null);
      if (next) onReorder(next);
    },
    onDragEnd: () => {
      dragged.current = null;
      setOver(null);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
      if (event.target !== event.currentTarget) return;
      event.preventDefault();
      const next = moveBy(ids, id, event.key === 'ArrowUp' ? -1 : 1);
      if (next) onReorder(next);
    },
  });

  const move = (id: string, delta: -1 | 1) => {
    const next = moveBy(ids, id, delta);
    if (next) onReorder(next);
  };

  return { rowProps, move };
}
