// Check-in on a phone (/admin/events/:id/checkin, /admin/socialclub/:id/checkin): scan a ticket's QR with the
// camera (getUserMedia; frames read by BarcodeDetector or jsQR), read it from a photo or screenshot, or
// search by name / employee code / ticket code and check in from the row. Each attempt shows one clear
// result: checked in (with the points given), already checked in (naming the person), or what was wrong.
import { ArrowLeftOutlined, CameraOutlined, CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, PictureOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Input, List, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import type { ScreenProps } from '../resources/pages';
import { useAttendees, useCheckIn, type Attendee } from './api';
import { decodeCanvas, decodeFile, drawScaled } from './decodeQr';

type Result = { kind: 'ok'; name: string; points: number } | { kind: 'already'; message: string } | { kind: 'error'; message: string };

function ResultPanel({ result }: { result: Result | null }) {
  const { t } = useTranslation();
  if (!result) return <p className="sf-checkin__idle">{t('eventsAdmin.checkin.idle')}</p>;
  const icon = result.kind === 'ok' ? <CheckCircleFilled /> : result.kind === 'already' ? <ExclamationCircleFilled /> : <CloseCircleFilled />;
  return (
    <div className={`sf-checkin__result is-${result.kind}`} role="status" data-testid="checkin-result" data-result={result.kind}>
      <span className="sf-checkin__result-icon" aria-hidden="true">{icon}</span>
      <div>
        <strong>{result.kind === 'ok' ? t('eventsAdmin.checkin.ok', { name: result.name }) : result.kind === 'already' ? t('eventsAdmin.checkin.already') : t('eventsAdmin.checkin.failed')}</strong>
        <div>{result.kind === 'ok' ? (result.points > 0 ? t('eventsAdmin.checkin.points', { n: result.points }) : null) : result.message}</div>
      </div>
    </div>
  );
}

export function CheckInScreen({ page, id }: ScreenProps & { id: string }) {
  const { t } = useTranslation();
  const resource = page.resource!;
  const checkIn = useCheckIn(resource, id);
  const [result, setResult] = useState<Result | null>(null);
  const [q, setQ] = useState('');
  const search = useAttendees(resource, id, q.trim());
  const video = useRef<HTMLVideoElement>(null);
  const photo = useRef<HTMLInputElement>(null);
  const frame = useRef<HTMLCanvasElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const last = useRef<{ code: string; at: number }>({ code: '', at: 0 });
  const [scanning, setScanning] = useState(false);
  const busy = useRef(false);

  const submit = useCallback(
    async (code: string) => {
      busy.current = true;
      try {
        const r = await checkIn.mutateAsync(code);
        setResult({ kind: 'ok', name: r.attendee.name, points: r.points });
        navigator.vibrate?.(80);
      } catch (e) {
        const message = e instanceof ApiError ? e.message : t('eventsAdmin.checkin.failed');
        setResult(e instanceof ApiError && e.code === 'ALREADY_CHECKED_IN' ? { kind: 'already', message } : { kind: 'error', message });
      } finally {
        busy.current = false;
      }
    },
    [checkIn, t],
  );

  // A code read from the camera: the same one again within 3 s is the same scan.
  const onCode = useCallback(
    (code: string) => {
      const now = Date.now();
      if (busy.current || (code === last.current.code && now - last.current.at < 3000)) return;
      last.current = { code, at: now };
      void submit(code);
    },
    [submit],
  );

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((tr) => tr.stop());
    stream.current = null;
    setScanning(false);
  }, []);

  const start = async () => {
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (video.current) {
        video.current.srcObject = stream.current;
        await video.current.play();
      }
      setScanning(true);
    } catch {
      setResult({ kind: 'error', message: t('eventsAdmin.checkin.noCamera') });
    }
  };

  useEffect(() => {
    if (!scanning) return;
    let stopped = false;
    const tick = async () => {
      const v = video.current;
      if (stopped || !v) return;
      if (v.readyState >= 2 && v.videoWidth) {
        frame.current ??= document.createElement('canvas');
        drawScaled(frame.current, v, v.videoWidth, v.videoHeight, 640);
        const code = await decodeCanvas(frame.current).catch(() => null);
        if (code) onCode(code);
      }
      if (!stopped) window.setTimeout(() => void tick(), 250);
    };
    void tick();
    return () => {
      stopped = true;
    };
  }, [scanning, onCode]);

  useEffect(() => stop, [stop]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const code = await decodeFile(file).catch(() => null);
    if (code) await submit(code);
    else setResult({ kind: 'error', message: t('eventsAdmin.checkin.noQr') });
  };

  const title = search.data?.title ?? '';
  return (
    <div className="sf-admin-page sf-checkin" data-testid="checkin-screen">
      <div className="sf-checkin__head">
        <Link to={`${page.path}/${encodeURIComponent(id)}`} className="sf-checkin__back" aria-label={t('eventsAdmin.checkin.back')}>
          <ArrowLeftOutlined />
        </Link>
        <div>
          <h1 className="sf-checkin__title">{t('eventsAdmin.checkin.title')}</h1>
          <p className="sf-checkin__event">{title}</p>
        </div>
      </div>
      <ResultPanel result={result} />
      <Card className="sf-admin-card sf-checkin__scan">
        <div className={`sf-checkin__video ${scanning ? 'is-on' : ''}`}>
          <video ref={video} muted playsInline aria-label={t('eventsAdmin.checkin.camera')} />
          {!scanning ? <CameraOutlined className="sf-checkin__video-icon" aria-hidden="true" /> : null}
        </div>
        <div className="sf-checkin__buttons">
          {scanning ? (
            <Button size="large" icon={<StopOutlined />} onClick={stop} block>{t('eventsAdmin.checkin.stop')}</Button>
          ) : (
            <Button size="large" type="primary" icon={<CameraOutlined />} onClick={() => void start()} block data-testid="checkin-camera">{t('eventsAdmin.checkin.scan')}</Button>
          )}
          <Button size="large" block icon={<PictureOutlined />} onClick={() => photo.current?.click()}>{t('eventsAdmin.checkin.photo')}</Button>
          <input
            ref={photo}
            type="file"
            accept="image/*"
            hidden
            data-testid="checkin-photo"
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
      </Card>
      <Card className="sf-admin-card" title={t('eventsAdmin.checkin.searchTitle')}>
        <Input.Search allowClear size="large" placeholder={t('eventsAdmin.search')} value={q} onChange={(e) => setQ(e.target.value)} data-testid="checkin-search" />
        <List<Attendee>
          className="sf-checkin__list"
          loading={search.isLoading}
          dataSource={(search.data?.items ?? []).slice(0, 30)}
          locale={{ emptyText: t('eventsAdmin.checkin.nobody') }}
          renderItem={(a) => (
            <List.Item
              data-testid="checkin-row"
              data-user-id={a.userId}
              actions={[
                a.checkedInAt ? (
                  <Tag color="green" key="done">{t('eventsAdmin.status.checkedIn')}</Tag>
                ) : a.status === 'going' ? (
                  <Button key="in" type="primary" onClick={() => void submit(a.code)} loading={checkIn.isPending && checkIn.variables === a.code}>{t('eventsAdmin.checkin.button')}</Button>
                ) : (
                  <Tag color="orange" key="wait">{t('eventsAdmin.status.waitlistedShort')}</Tag>
                ),
              ]}
            >
              <List.Item.Meta title={a.name} description={`${a.employeeCode} · ${a.code}`} />
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
