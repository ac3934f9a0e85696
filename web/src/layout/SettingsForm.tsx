import type { ComponentProps, InputHTMLAttributes, ReactNode } from 'react';
import styles from './SettingsForm.module.css';

/**
 * The rows of a settings form (exam settings, task editor): a labelled field with its help and its
 * problem, a text input in such a field, and a switch whose nested settings show while it is on.
 * A problem is announced through the control's `aria-describedby` (`{id}-problem`).
 */

/** What a field's control needs to be marked invalid and described by its problem. */
export function controlProps(id: string, problem: string | null | undefined) {
  return {
    id,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-problem` : undefined,
  };
}

/** The problem of the field `id` beside it, or nothing. */
export function SettingProblem({ id, problem }: { id: string; problem: string | null | undefined }) {
  return problem ? (
    <span id={`${id}-problem`} className={styles.problem}>
      {problem}
    </span>
  ) : null;
}

/** A labelled field around its control (give the control `controlProps(id, problem)`). */
export function SettingField({
  id,
  label,
  help,
  problem,
  children,
}: {
  id: string;
  label: string;
  help?: string;
  problem?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {help && <span className="muted small">{help}</span>}
      <SettingProblem id={id} problem={problem} />
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/** A text input in a settings field, its value held by the caller. */
export function SettingInput({
  id,
  label,
  help,
  problem,
  value,
  onChange,
  ...input
}: InputProps & {
  id: string;
  label: string;
  help?: string;
  problem?: string | null;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <SettingField id={id} label={label} help={help} problem={problem}>
      <input
        {...controlProps(id, problem)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
    </SettingField>
  );
}

/** A checkbox with its label and help; the nested settings show below it while it is checked. */
export function SettingSwitch({
  label,
  help,
  checked,
  onChange,
  children,
}: {
  label: string;
  help: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <>
      <label className={styles.switch}>
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <span>
          {label}
          <span className="muted small"> — {help}</span>
        </span>
      </label>
      {checked && children && <div className={styles.nested}>{children}</div>}
    </>
  );
}

type KeysWith<Draft, Value> = { [K in keyof Draft]: Draft[K] extends Value ? K : never }[keyof Draft] &
  string;

/**
 * The render helpers of a form whose draft holds its text fields and switches by name: `input(name,
 * label)` a text field with id `{idPrefix}-{name}` and its problem, `toggle(name, nested)` a switch
 * with its text and help. Helpers, not components: a component defined in the form's body would
 * remount its inputs on every key.
 */
export function settingRows<Draft extends object>({
  idPrefix,
  draft,
  set,
  problemText,
  switchText,
}: {
  idPrefix: string;
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  problemText: (name: KeysWith<Draft, string>) => string | null;
  switchText: (name: KeysWith<Draft, boolean>) => { label: string; help: string };
}) {
  return {
    input: (
      name: KeysWith<Draft, string>,
      label: string,
      more: Partial<ComponentProps<typeof SettingInput>> = {},
    ) => (
      <SettingInput
        id={`${idPrefix}-${name}`}
        label={label}
        problem={problemText(name)}
        value={draft[name] as string}
        onChange={(value) => set({ [name]: value } as Partial<Draft>)}
        {...more}
      />
    ),
    toggle: (name: KeysWith<Draft, boolean>, children?: ReactNode) => (
      <SettingSwitch
        key={name}
        {...switchText(name)}
        checked={draft[name] as boolean}
        onChange={(checked) => set({ [name]: checked } as Partial<Draft>)}
      >
        {children}
      </SettingSwitch>
    ),
  };
}
