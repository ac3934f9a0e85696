import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cx } from '../lib/classNames';
import styles from './Dropdown.module.css';

/**
 * A disclosure: a button that shows a panel below it. Escape or a click outside closes it and
 * Escape gives the focus back to the button.
 */
export function Dropdown({
  label,
  button,
  buttonClassName = 'icon-button',
  panelClassName,
  children,
}: {
  /**
   * The accessible name of an icon-only button; null when the button content names it itself
   * (visible text, with any extra words in an .sr-only span).
   */
  label: string | null;
  button: ReactNode;
  buttonClassName?: string;
  panelClassName?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      className={styles.dropdown}
      ref={root}
      onBlur={(event) => {
        if (open && event.relatedTarget && !root.current?.contains(event.relatedTarget as Node))
          setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className={buttonClassName}
        aria-label={label ?? undefined}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        title={label ?? undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {button}
      </button>
      {open && (
        <div id={id} className={cx(styles.panel, panelClassName)}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
