import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deserializeOne, type Document } from '../api/jsonapi';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { authApi, toUserInfo, type User, type UserInfo, useSaveProfileMutation } from '../auth/authApi';
import { loggedOut } from '../auth/authSlice';
import { sendUpload } from '../courses/editor/upload';
import { initials } from '../layout/TopbarMenus';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { notified } from '../notifications/notificationsSlice';
import {
  AVATAR_TYPES,
  avatarFileProblem,
  type Crop,
  middleSquare,
  MIN_SHARE,
  moveCrop,
  resizeCrop,
} from './avatarCrop';
import styles from './AvatarEditor.module.css';

/** A picture chosen, being cropped: its address in the browser, its size as shown upright, the square. */
interface Chosen {
  file: File;
  url: string;
  width: number;
  height: number;
  crop: Crop;
}

/** Where a drag of the square started: the pointer, the square, and picture pixels per screen pixel. */
interface Drag {
  pointerX: number;
  pointerY: number;
  crop: Crop;
  scale: number;
}

/**
 * The user's picture: upload one and choose the square kept (drag it on the picture, or with the
 * sliders: zoom, left–right, up–down), or remove it. The server checks the file again, crops the
 * square and stores it small; the header and lists of people show it.
 */
export function AvatarEditor({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.stored?.accessToken);
  const [saveProfile, removal] = useSaveProfileMutation();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const drag = useRef<Drag | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  const choose = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const refused = avatarFileProblem(file);
    if (refused) {
      setProblem(t(`profile.${refused}`));
      return;
    }
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () =>
      setChosen({
        file,
        url,
        width: image.naturalWidth,
        height: image.naturalHeight,
        crop: middleSquare(image.naturalWidth, image.naturalHeight),
      });
    image.onerror = () => {
      URL.revokeObjectURL(url);
      setProblem(t('profile.avatarUnreadable'));
    };
    image.src = url;
  };

  const cancel = () => {
    setChosen(null);
    setProblem(null);
    if (input.current) input.current.value = '';
  };

  const setCrop = (crop: Crop) => setChosen((current) => (current ? { ...current, crop } : current));

  const save = async () => {
    if (!chosen) return;
    const form = new FormData();
    form.append('crop_x', String(chosen.crop.x));
    form.append('crop_y', String(chosen.crop.y));
    form.append('crop_size', String(chosen.crop.size));
    form.append('file', chosen.file, chosen.file.name);
    setBusy(true);
    setProblem(null);
    try {
      const { status, body } = await sendUpload(form, { token, url: `/api/course/users/${user.id}/avatar` });
      if (status === 401) dispatch(loggedOut());
      if (status < 200 || status >= 300) {
        setProblem(
          status === 413
            ? t('upload.tooLarge')
            : notificationFor({ status, data: body }, t('profile.avatarFailed')).text,
        );
        return;
      }
      const saved = toUserInfo(deserializeOne<User>(body as Document));
      dispatch(authApi.util.updateQueryData('me', undefined, () => saved));
      dispatch(notified({ color: 'success', text: t('saved.avatar') }));
      cancel();
    } catch {
      setProblem(t('profile.avatarFailed'));
    } finally {
      setBusy(false);
    }
  };

  const startDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!chosen) return;
    const frame = event.currentTarget.parentElement?.getBoundingClientRect();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      pointerX: event.clientX,
      pointerY: event.clientY,
      crop: chosen.crop,
      scale: frame && frame.width > 0 ? chosen.width / frame.width : 1,
    };
  };
  const moveDrag = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || !chosen) return;
    const x = start.crop.x + (event.clientX - start.pointerX) * start.scale;
    const y = start.crop.y + (event.clientY - start.pointerY) * start.scale;
    setCrop(moveCrop(start.crop, x, y, chosen.width, chosen.height));
  };
  const endDrag = () => {
    drag.current = null;
  };

  const picture = user.avatar ? <img src={user.avatar} alt="" /> : initials(user.fullname);
  if (!chosen)
    return (
      <div className={styles.avatarRow}>
        <span className="avatar avatar-large" aria-hidden="true">
          {picture}
        </span>
        <div className={styles.avatarActions}>
          <div className="field">
            <label htmlFor="avatar-file">
              {user.avatar ? t('profile.avatarChange') : t('profile.avatarAdd')}
            </label>
            <input
              id="avatar-file"
              ref={input}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </div>
          {user.avatar && (
            <button
              type="button"
              className="button small"
              disabled={removal.isLoading}
              onClick={() => void saveProfile({ id: user.id, thumbnail: null })}
            >
              {t('profile.avatarRemove')}
            </button>
          )}
          <p className="muted small">{t('profile.avatarHelp')}</p>
          <WarningAlert>{problem}</WarningAlert>
        </div>
      </div>
    );

  const { crop, width, height } = chosen;
  const shorter = Math.min(width, height);
  const smallest = Math.max(1, Math.round(shorter * MIN_SHARE));
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <div className={styles.cropper}>
      <p className="muted small">{t('profile.avatarCropHelp')}</p>
      <div className={styles.cropFrame} style={{ aspectRatio: `${width} / ${height}` }}>
        <img src={chosen.url} alt={t('profile.avatarChosen')} draggable={false} />
        <div
          className={styles.cropSquare}
          style={{
            left: percent(crop.x, width),
            top: percent(crop.y, height),
            width: percent(crop.size, width),
            height: percent(crop.size, height),
          }}
          aria-hidden="true"
          onPointerDown={startDrag}
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        />
      </div>
      <div className={styles.cropControls}>
        <span
          className={`avatar avatar-large ${styles.cropPreview}`}
          aria-hidden="true"
          style={{
            backgroundImage: `url(${chosen.url})`,
            backgroundSize: `${(width / crop.size) * 100}% ${(height / crop.size) * 100}%`,
            backgroundPosition: `${width === crop.size ? 0 : (crop.x / (width - crop.size)) * 100}% ${
              height === crop.size ? 0 : (crop.y / (height - crop.size)) * 100
            }%`,
          }}
        />
        <CropSlider
          id="avatar-zoom"
          label={t('profile.avatarZoom')}
          // a larger value is a closer look: the slider runs from the whole picture to a tenth of it
          min={smallest}
          max={shorter}
          value={shorter + smallest - crop.size}
          onChange={(value) => setCrop(resizeCrop(crop, shorter + smallest - value, width, height))}
        />
        <CropSlider
          id="avatar-left"
          label={t('profile.avatarHorizontal')}
          min={0}
          max={width - crop.size}
          value={crop.x}
          onChange={(value) => setCrop(moveCrop(crop, value, crop.y, width, height))}
        />
        <CropSlider
          id="avatar-top"
          label={t('profile.avatarVertical')}
          min={0}
          max={height - crop.size}
          value={crop.y}
          onChange={(value) => setCrop(moveCrop(crop, crop.x, value, width, height))}
        />
      </div>
      <WarningAlert>{problem}</WarningAlert>
      <div className="row-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void save()}>
          {busy ? t('upload.sending') : t('profile.avatarSave')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={cancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}

/** One slider of the square (zoom, left–right, up–down); disabled when it has nowhere to go. */
function CropSlider(props: {
  id: string;
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="range"
        min={props.min}
        max={props.max}
        value={props.value}
        disabled={props.max <= props.min}
        onChange={(event) => props.onChange(Number(event.target.value))}
      />
    </div>
  );
}
