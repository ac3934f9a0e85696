import { useId, useState, type ReactNode } from 'react';
import { WarningAlert } from '../layout/WarningAlert';
import { reasonOf } from './errors';
import styles from './gradebook.module.css';

/**
 * A course setting of the gradebook as a switch (publishing, counting attendance): saved as soon
 * as it is flipped, with what it means beside it and the service's refusal, if any, below.
 */
export function SettingSwitch({
  label,
  help,
  checked,
  saving,
  save,
  failed,
}: {
  label: string;
  help: ReactNode;
  checked: boolean;
  saving: boolean;
  /** Saves the new state; rejects with the service's answer when refused. */
  save: (on: boolean) => Promise<unknown>;
  /** Said when the refusal gives no reason. */
  failed: string;
}) {
  const helpId = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={styles.publish}>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={saving}
          aria-describedby={helpId}
          onChange={(event) => {
            setError(null);
            save(event.target.checked).catch((failure: unknown) => setError(reasonOf(failure, failed)));
          }}
        />
        <span>{label}</span>
      </label>
      <span id={helpId} className="muted small">
        {help}
      </span>
      <WarningAlert>{error}</WarningAlert>
    </div>
  );
}
