import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import {
  type GenerateInput,
  type GroupPreview,
  useGenerateGroupsMutation,
  usePreviewGroupsMutation,
} from './groupsApi';
import styles from './GenerateForm.module.css';

/** A new seed for "shuffle again": any text will do; the server turns it into the shuffle. */
const freshSeed = () => Math.random().toString(36).slice(2, 10);

/**
 * Generates a set: its name, the groups' name, by size or by count. "Preview" shows the groups the
 * server would make; saving then makes exactly those (the same seed) and replaces the set's
 * groups, after asking when the set already has some.
 */
export function GenerateForm({
  courseId,
  sets,
  current,
  onGenerated,
}: {
  courseId: string;
  sets: string[];
  current: string | null;
  onGenerated: (set: string) => void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState(current ?? t('groups.defaultSet'));
  const [name, setName] = useState(t('groups.defaultName'));
  const [by, setBy] = useState<GenerateInput['by']>('student_count');
  const [count, setCount] = useState('2');
  const [seed, setSeed] = useState('');
  const [preview, previewing] = usePreviewGroupsMutation();
  const [generate, generating] = useGenerateGroupsMutation();
  const [shown, setShown] = useState<{ input: GenerateInput; groups: GroupPreview[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const input = (): GenerateInput => ({
    courseId,
    type: type.trim(),
    name: name.trim(),
    by,
    count: Number(count),
    seed: seed.trim(),
  });
  const stale = () => setShown(null);
  const exists = shown !== null && sets.includes(shown.input.type);

  const showPreview = (asked: GenerateInput) => {
    setFailure(null);
    void preview(asked)
      .unwrap()
      .then((result) => setShown({ input: asked, groups: result.groups }))
      .catch((error: unknown) => {
        setShown(null);
        setFailure(notificationFor(error).text);
      });
  };

  const save = () => {
    if (!shown) return;
    setFailure(null);
    void generate(shown.input)
      .unwrap()
      .then(() => {
        onGenerated(shown.input.type);
        setShown(null);
      })
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <section className="card card-body" aria-labelledby="generate-title">
      <h2 id="generate-title" className="section-title">
        {t('groups.generate.title')}
      </h2>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          showPreview(input());
        }}
      >
        <div className="field">
          <label htmlFor="generate-set">{t('groups.generate.set')}</label>
          <input
            id="generate-set"
            list="generate-sets"
            required
            maxLength={100}
            value={type}
            onChange={(event) => {
              setType(event.target.value);
              stale();
            }}
          />
          <datalist id="generate-sets">
            {sets.map((set) => (
              <option key={set} value={set} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor="generate-name">{t('groups.generate.name')}</label>
          <input
            id="generate-name"
            required
            maxLength={240}
            value={name}
            aria-describedby="generate-name-hint"
            onChange={(event) => {
              setName(event.target.value);
              stale();
            }}
          />
          <p id="generate-name-hint" className="muted small">
            {t('groups.generate.nameHint', { name: name.trim() || t('groups.defaultName') })}
          </p>
        </div>
        <fieldset className={styles.by}>
          <legend>{t('groups.generate.by')}</legend>
          {(['student_count', 'group_count'] as const).map((option) => (
            <label key={option}>
              <input
                type="radio"
                name="generate-by"
                value={option}
                checked={by === option}
                onChange={() => {
                  setBy(option);
                  stale();
                }}
              />
              {t(`groups.generate.${option}`)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="generate-count">{t(`groups.generate.${by}Count`)}</label>
          <input
            id="generate-count"
            type="number"
            min={1}
            max={500}
            required
            value={count}
            onChange={(event) => {
              setCount(event.target.value);
              stale();
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="generate-seed">{t('groups.generate.seed')}</label>
          <input
            id="generate-seed"
            maxLength={100}
            value={seed}
            aria-describedby="generate-seed-hint"
            onChange={(event) => {
              setSeed(event.target.value);
              stale();
            }}
          />
          <p id="generate-seed-hint" className="muted small">
            {t('groups.generate.seedHint')}
          </p>
        </div>
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={previewing.isLoading}>
            {t('groups.generate.preview')}
          </button>
          <button
            type="button"
            className="button"
            disabled={previewing.isLoading}
            onClick={() => {
              const next = freshSeed();
              setSeed(next);
              showPreview({ ...input(), seed: next });
            }}
          >
            {t('groups.generate.shuffle')}
          </button>
        </div>
      </form>
      <WarningAlert>{failure}</WarningAlert>
      {shown && (
        <div className={styles.preview} aria-labelledby="generate-preview-title" role="region">
          <h3 id="generate-preview-title" className="section-title">
            {t('groups.generate.previewTitle', { count: shown.groups.length, set: shown.input.type })}
          </h3>
          <ol className={styles.previewList}>
            {shown.groups.map((group) => (
              <li key={group.id}>
                <strong>{group.name}</strong>:{' '}
                {group.users
                  .map((user) =>
                    user.is_leader ? t('groups.generate.leaderName', { name: user.name }) : user.name,
                  )
                  .join(', ')}
              </li>
            ))}
          </ol>
          {exists ? (
            <ConfirmButton
              className="button button-primary"
              disabled={generating.isLoading}
              question={t('groups.generate.replaceQuestion', { set: shown.input.type })}
              details={t('groups.generate.replaceDetails', { count: shown.groups.length })}
              action={t('groups.generate.replace')}
              onConfirm={save}
            >
              {t('groups.generate.replace')}
            </ConfirmButton>
          ) : (
            <button
              type="button"
              className="button button-primary"
              disabled={generating.isLoading}
              onClick={save}
            >
              {t('groups.generate.save')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
