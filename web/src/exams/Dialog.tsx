import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './exams.module.css';

/**
 * A modal dialog: named by its title, focus moved into it on opening and kept inside it (Tab
 * wraps), closed by Escape or its close button, focus given back to what opened it.
 */
export function Dialog({
  id,
  title,
  onClose,
  children,
}: {
  id: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('input, select, button, textarea, [tabindex]')?.focus();
    return () => opener?.focus();
  }, []);

  const keep = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const focusable = [
      ...box.current.querySelectorAll<HTMLElement>(
        'input, select, button, textarea, a[href], [tabindex="0"]',
      ),
    ].filter((element) => !element.hasAttribute('disabled'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className={styles.dialogBackdrop}>
      <div
        ref={box}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={keep}
      >
        <div className="list-row">
          <h2 id={`${id}-title`}>{title}</h2>
          <button type="button" className="button small" onClick={onClose}>
            {t('exam.dialog.close')}
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
