import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import styles from './ConfirmDialog.module.css';

/**
 * What a confirmation says: the question names the action and what it applies to ("Remove Ayu
 * Lestari from “Algorithms”?"), the details say what follows from it ("She leaves class A…"), and
 * the confirming button is labelled by the action ("Remove student", never "OK" or "Yes").
 */
export interface Confirmation {
  question: string;
  details?: ReactNode;
  /** The confirming button: the action itself; none for a notice that is only read and closed. */
  action?: string;
  /** The other button; "Cancel" unless given. */
  cancel?: string;
  /** `danger` (the default) for what removes or loses something, `primary` for the rest. */
  tone?: 'danger' | 'primary';
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex="0"]';

/**
 * A modal confirmation (WAI-ARIA alertdialog): the rest of the page is inert while it is open,
 * Tab and Shift+Tab stay inside it, Escape or a click beside it cancels, and focus starts on the
 * button that changes nothing and goes back where it was when the dialog closes.
 */
export function ConfirmDialog({
  question,
  details,
  action,
  cancel,
  tone = 'danger',
  onConfirm,
  onCancel,
}: Confirmation & { onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const [host] = useState(() => document.createElement('div'));

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    document.body.append(host);
    // everything but the dialog is inert: neither the pointer, Tab nor a screen reader reaches it
    const others = [...document.body.children].filter(
      (element) => element !== host && !element.hasAttribute('inert'),
    );
    others.forEach((element) => element.setAttribute('inert', ''));
    keep.current?.focus();
    return () => {
      others.forEach((element) => element.removeAttribute('inert'));
      host.remove();
      if (opener?.isConnected) opener.focus();
    };
  }, [host]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div
        ref={dialog}
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-question`}
        aria-describedby={details ? `${id}-details` : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-question`} className={styles.question}>
          {question}
        </h2>
        {details && (
          <div id={`${id}-details`} className={styles.details}>
            {details}
          </div>
        )}
        <p className={styles.actions}>
          <button ref={keep} type="button" className="button" onClick={onCancel}>
            {cancel ?? t('common.cancel')}
          </button>
          {action && (
            <button
              type="button"
              className={`button ${tone === 'danger' ? 'button-danger' : 'button-primary'}`}
              onClick={onConfirm}
            >
              {action}
            </button>
          )}
        </p>
      </div>
    </div>,
    host,
  );
}

/**
 * A button that asks first: it opens a `ConfirmDialog` and runs `onConfirm` only when the user
 * chooses the action.
 */
export function ConfirmButton({
  children,
  label,
  className = 'button',
  disabled,
  onConfirm,
  ...confirmation
}: Confirmation & {
  children: ReactNode;
  /** The button's accessible name when its text alone does not say what it applies to. */
  label?: string;
  className?: string;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {children}
      </button>
      {asking && (
        <ConfirmDialog
          {...confirmation}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            onConfirm();
          }}
        />
      )}
    </>
  );
}
