// Messages (/messager/, shell-less, its own lazy chunk): the inbox (announcements and my conversations with
// head office, newest first, unread marked), an announcement (rich text sanitised by the server, rendered as
// articles are), a conversation like a chat (plain text, escaped by React) with its composer, and a new
// conversation. Live: a broadcast or a reply arriving while a screen is open refetches it (unread.ts).
import './i18n';
import { Button, DotLoading, ErrorBlock, Input, NavBar, Skeleton, TextArea } from 'antd-mobile';
import { EditSOutline, MailOutline, MessageOutline, SoundOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ApiError } from '../../lib/api';
import { Image } from '../../lib/image';
import { notify } from '../../lib/toast';
import { Prose } from '../../components/Prose';
import { formatDate, formatListDate, formatTime } from '../../lib/format';
import { BODY_MAX, SUBJECT_MAX, useBroadcast, useInbox, useMarkRead, useReply, useStartThread, useThread, type InboxItem } from '../../lib/messages/api';
import { useLiveMessages } from '../../lib/messages/unread';
import './messages.css';
import { LoadMorePages } from '../../components/LoadMore';

function Header({ title, back }: { title: string; back: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NavBar className="sf-msg__nav" onBack={() => navigate(back)} back={t('messages.back')}>
      {title}
    </NavBar>
  );
}

function sendError(t: (k: string) => string, e: unknown): string {
  if (e instanceof ApiError && e.status === 429) return t('messages.tooFast');
  if (e instanceof ApiError && e.status === 422) return Object.values(e.fields).join(' ') || e.message;
  return t('messages.sendFailed');
}

function InboxRow({ item }: { item: InboxItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = item.unread > 0;
  return (
    <li>
      <button
        type="button"
        className={`sf-msg-row ${unread ? 'is-unread' : ''}`}
        data-testid="message-row"
        data-kind={item.kind}
        data-id={item.id}
        data-unread={unread ? 'true' : 'false'}
        onClick={() => navigate(item.kind === 'broadcast' ? `/messager/b/${item.id}` : `/messager/t/${item.id}`)}
      >
        <span className={`sf-msg-row__icon sf-msg-row__icon--${item.kind}`} aria-hidden="true">
          {item.kind === 'broadcast' ? <SoundOutline /> : <MessageOutline />}
        </span>
        <span className="sf-msg-row__text">
          <span className="sf-msg-row__top">
            <span className="sf-msg-row__title">{item.title}</span>
            <time className="sf-msg-row__time" dateTime={item.at} title={formatDate(item.at, true)}>{formatListDate(item.at)}</time>
          </span>
          <span className="sf-msg-row__preview">
            <span className="sf-msg-row__kind">{item.kind === 'broadcast' ? t('messages.broadcast') : t('messages.thread')}</span>
            {item.preview}
          </span>
        </span>
        {unread ? <span className="sf-msg-row__dot" aria-label={t('messages.unread')} /> : null}
      </button>
    </li>
  );
}

function Inbox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inbox = useInbox();
  const { data, isLoading, isError, refetch } = inbox;
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  const unread = data?.pages[0]?.unread.unread ?? 0;
  return (
    <div className="sf-msg" data-testid="messages-inbox">
      <Header title={t('messages.title')} back="/main" />
      <div className="sf-msg__bar">
        <span className="sf-msg__count" data-testid="messages-unread" data-count={unread}>
          {unread ? t('messages.unreadCount', { count: unread }) : null}
        </span>
        <Button size="small" color="primary" shape="rounded" onClick={() => navigate('/messager/new')} data-testid="message-new">
          <EditSOutline /> {t('messages.newThread')}
        </Button>
      </div>
      {isLoading ? (
        <div className="sf-msg__pad"><Skeleton.Paragraph lineCount={6} animated /></div>
      ) : isError ? (
        <ErrorBlock status="default" title={t('messages.loadError')} description={<Button size="small" onClick={() => void refetch()}>{t('messages.retry')}</Button>} />
      ) : !items.length ? (
        <EmptyState icon={<MailOutline />} title={t('messages.emptyTitle')} body={t('messages.emptyBody')} />
      ) : (
        <>
          <ul className="sf-msg-list">
            {items.map((item) => <InboxRow key={`${item.kind}:${item.id}`} item={item} />)}
          </ul>
          <LoadMorePages query={inbox}>
            {inbox.hasNextPage ? <DotLoading /> : null}
          </LoadMorePages>
        </>
      )}
    </div>
  );
}

function BroadcastView() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useBroadcast(id);
  const markRead = useMarkRead();
  const { mutate } = markRead;
  useEffect(() => {
    if (data && !data.read) mutate({ kind: 'broadcast', id: data.id });
  }, [data, mutate]);
  return (
    <div className="sf-msg">
      <Header title={t('messages.broadcast')} back="/messager/" />
      {isLoading ? (
        <div className="sf-msg__pad"><Skeleton.Paragraph lineCount={8} animated /></div>
      ) : isError || !data ? (
        <ErrorBlock status="empty" title={t('messages.notFound')} description={null} />
      ) : (
        <article className="sf-msg-broadcast" data-testid="broadcast-view">
          <h1 className="sf-msg-broadcast__title">{data.title}</h1>
          <p className="sf-msg-broadcast__meta">{t('messages.office')} · {formatDate(data.sentAt, true)}</p>
          {data.image?.url ? (
            <div className="sf-msg-broadcast__image">
              <Image src={data.image.url} alt="" sizes="(max-width: 640px) 100vw, 640px" width={data.image.width ?? undefined} height={data.image.height ?? undefined} />
            </div>
          ) : null}
          <Prose html={data.body} />
        </article>
      )}
    </div>
  );
}

function Composer({ onSend, busy, autoFocus = false }: { onSend: (text: string) => Promise<boolean>; busy: boolean; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const submit = async () => {
    const body = text.trim();
    if (!body || busy) return;
    if (await onSend(body)) setText('');
  };
  return (
    <form
      className="sf-msg-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextArea
        className="sf-msg-composer__input"
        value={text}
        onChange={setText}
        placeholder={t('messages.bodyPlaceholder')}
        autoSize={{ minRows: 1, maxRows: 5 }}
        maxLength={BODY_MAX}
        autoFocus={autoFocus}
        aria-label={t('messages.body')}
        data-testid="message-input"
      />
      <Button type="submit" color="primary" shape="rounded" className="sf-msg-composer__send" disabled={!text.trim() || busy} data-testid="message-send">
        {busy ? <DotLoading color="white" /> : t('messages.send')}
      </Button>
    </form>
  );
}

function ThreadView() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useThread(id);
  const { mutate: markRead } = useMarkRead();
  const reply = useReply(id);
  const end = useRef<HTMLDivElement>(null);
  const count = data?.messages.length ?? 0;
  // Opening the conversation reads it; so does a reply arriving while it is open.
  useEffect(() => {
    if (data) markRead({ kind: 'thread', id: data.id });
  }, [data, count, markRead]);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);
  const send = (body: string) => sent(t, () => reply.mutateAsync(body));
  return (
    <div className="sf-msg sf-msg--thread">
      <Header title={data?.subject ?? t('messages.thread')} back="/messager/" />
      {isLoading ? (
        <div className="sf-msg__pad"><Skeleton.Paragraph lineCount={6} animated /></div>
      ) : isError || !data ? (
        <ErrorBlock status="empty" title={t('messages.notFound')} description={null} />
      ) : (
        <>
          <ol className="sf-msg-chat" data-testid="thread-messages">
            {data.messages.map((m) => (
              <li key={m.id} className={`sf-msg-bubble ${m.fromOffice ? 'is-office' : 'is-mine'}`} data-testid="thread-message" data-from={m.fromOffice ? 'office' : 'me'}>
                <span className="sf-msg-bubble__who">{m.fromOffice ? `${t('messages.office')}${m.author ? ` · ${m.author}` : ''}` : t('messages.you')}</span>
                <span className="sf-msg-bubble__text">{m.body}</span>
                <time className="sf-msg-bubble__time" dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
              </li>
            ))}
          </ol>
          <div ref={end} />
          <Composer onSend={send} busy={reply.isPending} />
        </>
      )}
    </div>
  );
}

/** Runs a send: true once sent; a failure is said in a toast and the composer keeps the text (false). */
async function sent(t: (k: string) => string, run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (e) {
    notify.error(sendError(t, e));
    return false;
  }
}

function NewThread() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartThread();
  const [subject, setSubject] = useState('');
  const send = async (body: string) => {
    if (!subject.trim()) {
      notify.error(`${t('messages.subject')}: ${t('messages.subjectPlaceholder')}`);
      return false;
    }
    return sent(t, async () => {
      const thread = await start.mutateAsync({ subject: subject.trim(), body });
      navigate(`/messager/t/${thread.id}`, { replace: true });
    });
  };
  return (
    <div className="sf-msg sf-msg--thread">
      <Header title={t('messages.newThread')} back="/messager/" />
      <div className="sf-msg-new">
        <label className="sf-msg-new__label" htmlFor="sf-msg-subject">{t('messages.subject')}</label>
        <Input id="sf-msg-subject" className="sf-msg-new__subject" value={subject} onChange={setSubject} maxLength={SUBJECT_MAX} placeholder={t('messages.subjectPlaceholder')} data-testid="message-subject" />
        <p className="sf-msg-new__hint">{t('messages.newHint')}</p>
      </div>
      <div className="sf-msg-chat" />
      <Composer onSend={send} busy={start.isPending} />
    </div>
  );
}

export function MessagesPage() {
  // One listener for every screen of the chunk: pushes refetch what is on screen.
  useLiveMessages();
  return (
    <Routes>
      <Route index element={<Inbox />} />
      <Route path="b/:id" element={<BroadcastView />} />
      <Route path="t/:id" element={<ThreadView />} />
      <Route path="new" element={<NewThread />} />
      <Route path="*" element={<Inbox />} />
    </Routes>
  );
}
