import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationFor } from '../../notifications/notification';
import { useDownloadLinkMutation, type Content, type ContentScope } from './contentsApi';
import { downloadPath, formatSize, isConference, videoSource } from './media';
import { RichText } from '../../lib/richtext/RichText';
import { safeUrl } from '../../lib/richtext/sanitize';
import { WarningAlert } from '../../layout/WarningAlert';
import styles from './ContentViewer.module.css';

function ExternalLink({ href, children }: { href: string | null; children: React.ReactNode }) {
  const { t } = useTranslation();
  if (!href) return <p className="muted">{t('reader.invalidLink')}</p>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> {t('reader.newTab')}</span>
    </a>
  );
}

/** A video plays only when asked: the player of another site is not loaded before that. */
function VideoBody({ content }: { content: Content }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const source = videoSource(content.content);
  if (!source) return <p className="muted">{t('reader.invalidLink')}</p>;
  if (source.kind === 'link') {
    return <ExternalLink href={source.src}>{t('reader.watchVideo')}</ExternalLink>;
  }
  if (!playing) {
    return (
      <p className="row-actions">
        <button type="button" className="button" onClick={() => setPlaying(true)}>
          {t('reader.playVideo', { name: content.name })}
        </button>
        <ExternalLink href={safeUrl(content.content)}>{t('reader.openVideo')}</ExternalLink>
      </p>
    );
  }
  return source.kind === 'youtube' ? (
    <div className={styles.videoFrame}>
      <iframe
        src={`${source.src}${source.src.includes('?') ? '&' : '?'}autoplay=1`}
        title={content.name}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  ) : (
    <video className={styles.videoFile} src={source.src} controls autoPlay preload="metadata" />
  );
}

/**
 * The file's bytes come from a short-lived link that the API hands out: to a signed-in caller, or
 * to anyone for a content of a public course.
 */
function FileBody({ content, scope }: { content: Content; scope: ContentScope }) {
  const { t } = useTranslation();
  const [fetchLink, link] = useDownloadLinkMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const details = [content.mime, formatSize(content.size)].filter(Boolean).join(' · ');
  const download = (event: React.MouseEvent) => {
    event.preventDefault();
    setFailure(null);
    fetchLink({ id: content.id, scope })
      .unwrap()
      .then((url) => window.location.assign(url))
      .catch((error: unknown) => setFailure(notificationFor(error, t('reader.downloadFailed')).text));
  };
  return (
    <>
      <p className="row-actions">
        <a className="button" href={downloadPath(content.id, scope)} onClick={download} download>
          {link.isLoading ? t('reader.preparingDownload') : t('reader.download', { name: content.name })}
        </a>
        {details && <span className="muted small">{details}</span>}
      </p>
      <WarningAlert>{failure}</WarningAlert>
    </>
  );
}

/** One content of a module or activity, shown as its type asks (`scope`: who reads it). */
export function ContentViewer({
  content,
  scope = 'course',
  actions,
  footer,
}: {
  content: Content;
  scope?: ContentScope;
  /** Shown beside its title (a student's "mark as done", the reader's bookmark). */
  actions?: React.ReactNode;
  /** Shown under its body (the reader's note). */
  footer?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const type = content.contents_type;
  let body: React.ReactNode;
  if (type === 'text') body = <RichText html={content.content ?? ''} />;
  else if (type === 'link')
    body = <ExternalLink href={safeUrl(content.content)}>{t('reader.openLink')}</ExternalLink>;
  else if (type === 'video') body = <VideoBody content={content} />;
  else if (type === 'file') body = <FileBody content={content} scope={scope} />;
  else if (isConference(type))
    body = (
      <ExternalLink href={safeUrl(content.content, ['https:'])}>
        {t('reader.joinConference', { provider: t(`contentTypes.${type}`) })}
      </ExternalLink>
    );
  else body = <p className="muted">{t('reader.unknownType')}</p>;
  return (
    <article className={styles.item} aria-labelledby={`content-${content.id}`}>
      <header className={styles.head}>
        <h3 id={`content-${content.id}`}>{content.name}</h3>
        <span className="badge badge-muted">{t(`contentTypes.${type}`, { defaultValue: type })}</span>
        {actions}
      </header>
      {body}
      {footer}
    </article>
  );
}
