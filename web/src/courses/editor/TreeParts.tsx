import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUnsavedFlag } from './unsaved';
import editor from './editor.module.css';

/** A module's or activity's name: a link that selects it, or (renaming) an inline field. */
export function NameCell({
  name,
  href,
  current,
  unsavedKey,
  onRename,
}: {
  name: string;
  href: string;
  current: boolean;
  unsavedKey: string;
  onRename: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useUnsavedFlag(unsavedKey, value !== null && value !== name);

  if (value === null) {
    return (
      <span className={`${editor.name} ${editor.viewing}`}>
        <Link to={href} aria-current={current ? 'page' : undefined}>
          {name}
        </Link>
        <button
          type="button"
          className="button small"
          aria-label={t('editor.renameNamed', { name })}
          onClick={() => setValue(name)}
        >
          {t('editor.rename')}
        </button>
      </span>
    );
  }
  const commit = () => {
    const next = value.trim();
    if (!next || next === name) {
      setValue(null);
      return;
    }
    setSaving(true);
    onRename(next)
      .then(() => setValue(null))
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };
  return (
    <span className={editor.name}>
      <input
        aria-label={t('editor.newName', { name })}
        value={value}
        maxLength={255}
        autoFocus
        disabled={saving}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') setValue(null);
        }}
      />
      <button type="button" className="button small button-primary" disabled={saving} onClick={commit}>
        {t('editor.save')}
      </button>
      <button type="button" className="button small" onClick={() => setValue(null)}>
        {t('common.cancel')}
      </button>
    </span>
  );
}

/** Move up / move down: the keyboard way to reorder (drag and drop does the same). */
export function MoveButtons({
  name,
  first,
  last,
  onMove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (delta: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className="button small"
        disabled={first}
        aria-label={t('editor.moveUp', { name })}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button small"
        disabled={last}
        aria-label={t('editor.moveDown', { name })}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
    </>
  );
}

/** Marks a module or activity that students do not see. */
export function HiddenBadge() {
  const { t } = useTranslation();
  return (
    <span className="badge badge-muted" title={t('course.hiddenHelp')}>
      {t('course.hidden')}
    </span>
  );
}

/** Hide from students / show to students, one button whose label names what it does. */
export function VisibilityButton({
  name,
  active,
  onToggle,
}: {
  name: string;
  active: boolean;
  onToggle: (active: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button small"
      aria-label={t(active ? 'editor.hideNamed' : 'editor.showNamed', { name })}
      onClick={() => onToggle(!active)}
    >
      {t(active ? 'editor.hide' : 'editor.show')}
    </button>
  );
}
