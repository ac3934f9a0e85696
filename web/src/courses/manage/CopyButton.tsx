import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Copies a text (a join token, a join link) to the clipboard and says so beside the button for
 * a few seconds; when the browser refuses, says to copy it by hand.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    const clipboard = globalThis.navigator?.clipboard;
    if (!clipboard) {
      setState('failed');
      return;
    }
    clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <span className="row-actions">
      <button type="button" className="button small" aria-label={label} onClick={copy}>
        {t('enrol.copy')}
      </button>
      <span role="status" className="small muted">
        {state === 'copied' ? t('enrol.copied') : state === 'failed' ? t('enrol.copyFailed') : ''}
      </span>
    </span>
  );
}
