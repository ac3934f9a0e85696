import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../layout/InputField';
import { type Rps, type StageAttributes, type StageSlug, useSaveRpsStageMutation } from './rpsApi';
import { attributesOf, blankRow, type FieldDef, LIST_STAGES, type Row, rowsOf } from './stageForms';
import { useAutosave, type SaveState } from './useAutosave';
import { notificationFor } from '../notifications/notification';
import styles from './rps.module.css';

/** Where the autosave stands, in words (the saves themselves are announced by the toasts). */
function SaveStatus({ state, error }: { state: SaveState; error: unknown }) {
  const { t } = useTranslation();
  const text =
    state === 'failed'
      ? t('rps.editor.failed', { reason: notificationFor(error, t('common.tryAgainLater')).text })
      : t(
          state === 'saving'
            ? 'rps.editor.saving'
            : state === 'unsaved'
              ? 'rps.editor.unsaved'
              : 'rps.editor.savedAt',
        );
  return (
    <p className={`${styles.saveState} ${state === 'failed' ? 'alert alert-warning' : 'muted small'}`}>
      {text}
    </p>
  );
}

/** The save of one stage, autosaved; `readOnly`: the plan is closed, nothing is sent. */
function useStageSave(plan: Rps, slug: StageSlug) {
  const [save, saving] = useSaveRpsStageMutation();
  const autosave = useAutosave(async (attributes: Record<string, unknown>) => {
    const result = await save({ id: plan.id, slug, attributes: attributes as StageAttributes<StageSlug> });
    return 'data' in result;
  });
  return { ...autosave, error: saving.error };
}

/** Stage 1: notes, the course description and the AI policy, each autosaved as it is typed. */
function GeneralForm({ plan, readOnly }: { plan: Rps; readOnly: boolean }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    notes: plan.notes ?? '',
    description_mk: plan.description_mk ?? '',
    kebijakan_ai: plan.kebijakan_ai ?? '',
  });
  const save = useStageSave(plan, 'informasi-umum-mk');
  const fields = [
    ['description_mk', 'description'],
    ['notes', 'notes'],
    ['kebijakan_ai', 'aiPolicy'],
  ] as const;
  return (
    <form className={styles.panel} onSubmit={(event) => event.preventDefault()}>
      {fields.map(([key, label]) => (
        <div className="field" key={key}>
          <label htmlFor={`rps-${key}`}>{t(`rps.editor.${label}`)}</label>
          <textarea
            id={`rps-${key}`}
            rows={5}
            value={values[key]}
            readOnly={readOnly}
            onChange={(event) => {
              const next = { ...values, [key]: event.target.value };
              setValues(next);
              save.change(next);
            }}
            onBlur={() => void save.flush()}
          />
        </div>
      ))}
      {!readOnly && <SaveStatus state={save.state} error={save.error} />}
    </form>
  );
}

/** One field of a row. */
function RowField({
  def,
  id,
  value,
  readOnly,
  onChange,
  onBlur,
}: {
  def: FieldDef;
  id: string;
  value: string;
  readOnly: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  const label = t(`rps.editor.${def.label}`);
  if (def.kind === 'reference')
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          value={value}
          disabled={readOnly}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        >
          <option value="main">{t('rps.doc.main')}</option>
          <option value="supporting">{t('rps.doc.supporting')}</option>
        </select>
      </div>
    );
  if (def.kind === 'textarea' || def.kind === 'lines')
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          rows={def.kind === 'lines' ? 3 : 2}
          value={value}
          readOnly={readOnly}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      </div>
    );
  return (
    <InputField
      id={id}
      label={label}
      value={value}
      readOnly={readOnly}
      onChange={onChange}
      onBlur={onBlur}
      {...(def.kind === 'number' ? { type: 'number', min: 0, inputMode: 'decimal' as const } : {})}
    />
  );
}

/** Stages 2–11: the stage's rows, autosaved as a whole list; stages 8–11 have a row per week of the main plan. */
function ListForm({
  plan,
  slug,
  readOnly,
}: {
  plan: Rps;
  slug: Exclude<StageSlug, 'informasi-umum-mk'>;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const stage = LIST_STAGES[slug];
  const [rows, setRows] = useState<Row[]>(() => rowsOf(stage, plan));
  const save = useStageSave(plan, slug);
  const update = (next: Row[]) => {
    setRows(next);
    save.change(attributesOf(stage, next));
  };
  if (stage.weeks && rows.length === 0)
    return <p className="alert alert-warning">{t('rps.editor.noWeeks')}</p>;
  return (
    <form className={styles.panel} onSubmit={(event) => event.preventDefault()}>
      <ol className={`plain-list ${styles.panel}`}>
        {rows.map((row, index) => {
          const heading = stage.weeks
            ? `${t('rps.editor.week')} ${row.week}`
            : t('rps.editor.row', { n: index + 1 });
          return (
            <li key={index} className={styles.rowCard} aria-label={heading}>
              <div className={styles.rowHead}>
                <strong>{heading}</strong>
                {!readOnly && !stage.weeks && (
                  <button
                    type="button"
                    className="button small button-danger"
                    onClick={() => update(rows.filter((_, at) => at !== index))}
                  >
                    {t('rps.editor.remove', { n: index + 1 })}
                  </button>
                )}
              </div>
              <div className={styles.rowFields}>
                {stage.fields.map((def) => (
                  <RowField
                    key={def.key}
                    def={def}
                    id={`rps-${slug}-${index}-${def.key}`}
                    value={row[def.key] ?? ''}
                    readOnly={readOnly}
                    onChange={(value) =>
                      update(rows.map((item, at) => (at === index ? { ...item, [def.key]: value } : item)))
                    }
                    onBlur={() => void save.flush()}
                  />
                ))}
              </div>
            </li>
          );
        })}
      </ol>
      {!readOnly && !stage.weeks && (
        <button type="button" className="button" onClick={() => update([...rows, blankRow(stage, rows)])}>
          {t('rps.editor.add')}
        </button>
      )}
      {!readOnly && <SaveStatus state={save.state} error={save.error} />}
    </form>
  );
}

/** The form of one stage, writable by its authors while the plan is editable, else read-only. */
export function StageEditor({ plan, slug }: { plan: Rps; slug: StageSlug }) {
  const readOnly = !plan.can_edit;
  return slug === 'informasi-umum-mk' ? (
    <GeneralForm plan={plan} readOnly={readOnly} />
  ) : (
    <ListForm key={slug} plan={plan} slug={slug} readOnly={readOnly} />
  );
}
