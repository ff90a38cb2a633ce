// The back office's inbox (/admin/messages/inbox, also the top bar's icon): every staff member's thread, the
// ones waiting for an answer first to pick; the open thread on the right with its answer box. Opening a
// thread reads it for the whole back office; pushes (a new message) refetch both sides live.
import { SendOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Input, List, Segmented, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { BODY_MAX, useMarkRead, useReply, useThread } from '../../lib/messages/api';
import { useLiveMessages, type MessagesUnread } from '../../lib/messages/unread';
import './messages.css';

interface OfficeThread {
  id: string;
  subject: string;
  person: { id: string; name: string; employeeCode: string; store: string | null };
  preview: string;
  lastMessageAt: string;
  unread: number;
}

function ThreadPane({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useThread(id);
  const { mutate: markRead } = useMarkRead();
  const reply = useReply(id);
  const [text, setText] = useState('');
  const count = data?.messages.length ?? 0;
  useEffect(() => {
    if (data) markRead({ kind: 'thread', id: data.id });
  }, [data, count, markRead]);
  if (isLoading) return <Spin />;
  if (isError || !data) return <Empty description={t('messagesAdmin.loadError')} />;
  const send = async () => {
    const body = text.trim();
    if (!body) return;
    try {
      await reply.mutateAsync(body);
      setText('');
    } catch (e) {
      notify.error(e instanceof ApiError && e.status === 429 ? t('messagesAdmin.tooFast') : e instanceof ApiError ? e.message : t('messagesAdmin.sendFailed'));
    }
  };
  return (
    <div className="sf-office-thread" data-testid="office-thread">
      <header className="sf-office-thread__head">
        <Typography.Title level={4} style={{ margin: 0 }}>{data.subject}</Typography.Title>
        <Typography.Text type="secondary">
          {data.person.name} · {data.person.employeeCode}{data.person.store ? ` · ${data.person.store}` : ''}
        </Typography.Text>
      </header>
      <ol className="sf-office-thread__messages">
        {data.messages.map((m) => (
          <li key={m.id} className={`sf-office-bubble ${m.fromOffice ? 'is-office' : 'is-staff'}`} data-testid="office-message" data-from={m.fromOffice ? 'office' : 'staff'}>
            <span className="sf-office-bubble__who">{m.fromOffice ? `${t('messagesAdmin.office')}${m.author ? ` · ${m.author}` : ''}` : data.person.name}</span>
            <span className="sf-office-bubble__text">{m.body}</span>
            <time className="sf-office-bubble__time" dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString()}</time>
          </li>
        ))}
      </ol>
      <div className="sf-office-thread__composer">
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={BODY_MAX}
          placeholder={t('messagesAdmin.answerPlaceholder')}
          aria-label={t('messagesAdmin.answer')}
          data-testid="office-answer"
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button type="primary" icon={<SendOutlined />} loading={reply.isPending} disabled={!text.trim()} onClick={() => void send()} data-testid="office-send">
          {t('messagesAdmin.answer')}
        </Button>
      </div>
    </div>
  );
}

export function ThreadsInbox() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<'waiting' | 'all'>('all');
  const open = params.get('thread') ?? '';
  useLiveMessages();
  const { data, isLoading } = useQuery({
    queryKey: ['messages', 'office', filter],
    queryFn: ({ signal }) => api<{ items: OfficeThread[]; unread: MessagesUnread }>(`/api/admin/messages/threads?limit=100${filter === 'waiting' ? '&waiting=1' : ''}`, { signal }),
  });
  return (
    <div className="sf-office-inbox" data-testid="office-inbox">
      <aside className="sf-office-inbox__list">
        <Segmented
          block
          value={filter}
          onChange={(v) => setFilter(v as 'waiting' | 'all')}
          options={[
            { value: 'all', label: t('messagesAdmin.all') },
            { value: 'waiting', label: `${t('messagesAdmin.waiting')} (${data?.unread.threads ?? 0})` },
          ]}
        />
        {isLoading ? (
          <Spin />
        ) : (
          <List
            dataSource={data?.items ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messagesAdmin.noThreads')} /> }}
            renderItem={(x) => (
              <List.Item
                className={`sf-office-inbox__row ${x.id === open ? 'is-open' : ''}`}
                data-testid="office-thread-row"
                data-id={x.id}
                data-unread={x.unread}
                onClick={() => setParams({ thread: x.id })}
              >
                <List.Item.Meta
                  avatar={<Badge status={x.unread ? 'processing' : 'default'} />}
                  title={<span style={{ fontWeight: x.unread ? 700 : 500 }}>{x.subject}</span>}
                  description={
                    <>
                      <div>{x.person.name} · {x.person.store ?? x.person.employeeCode}</div>
                      <div className="sf-office-inbox__preview">{x.preview}</div>
                    </>
                  }
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{new Date(x.lastMessageAt).toLocaleString()}</Typography.Text>
              </List.Item>
            )}
          />
        )}
      </aside>
      <section className="sf-office-inbox__pane">{open ? <ThreadPane key={open} id={open} /> : <Empty description={t('messagesAdmin.pick')} />}</section>
    </div>
  );
}
