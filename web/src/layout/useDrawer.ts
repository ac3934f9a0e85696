import { useEffect, useRef, useState } from 'react';

/**
 * The sidebar as a drawer on small screens: it closes whenever another page opens, takes the focus
 * when it opens, and Escape closes it and gives the focus back to the menu button.
 */
export function useDrawer(pathname: string) {
  const [open, setOpen] = useState(false);
  const [openedOn, setOpenedOn] = useState(pathname);
  const menuRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menuRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return {
    open,
    menuRef,
    closeRef,
    toggle: () => setOpen((now) => !now),
    /** Closes it; `refocus` gives the focus back to the menu button. */
    close: (refocus = false) => {
      setOpen(false);
      if (refocus) menuRef.current?.focus();
    },
  };
}
