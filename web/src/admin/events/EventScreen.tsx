// An event's or activity's own screen (/admin/events/:id, /admin/socialclub/:id): its summary (edit with the
// generic form, publish / archive), the attendees — going, waitlisted with their position, checked in — with
// a filter, a search and the CSV / XLSX export, and the way to the check-in screen (…/:id/checkin).
import { QrcodeOutlined } from '@ant-design/icons';
import { Button, Card, Input, Segmented, Statistic, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ExportButtons } from '../resources/ExportButtons';
import { useLocale } from '../resources/format';
import { EditActions, ItemDetailScreen, useItemDetail } from '../resources/ItemDetail';
import type { ScreenProps } from '../resources/pages';
import { exportUrl, useAttendees, waitlistPositions, type Attendee } from './api';
import { CheckInScreen } from './CheckInScreen';
import { dateTimeFormat } from '../../lib/intl';

type Filter = 'all' | 'going' | 'waitlisted' | 'checkedIn';

export function EventScreen({ page }: ScreenProps) {
  const { id = '', sub } = useParams();
  if (sub === 'checkin') return <CheckInScreen page={page} id={id} />;
  return <Attendees page={page} id={id} />;
}

function Attendees({ page, id }: ScreenProps & { id: string }) {
  const { t } = useTranslation();
  const locale = useLocale() === 'th' ? 'th-TH' : 'en-GB';
  const resource = page.resource!;
  const listTitle = t(page.labelKey);
  const detail = useItemDetail(resource, listTitle);
  const attendees = useAttendees(resource, id);
  const [filter, setFilter] = useState<Filter>('all');
  const [q, setQ] = useState('');
  const positions = useMemo(() => waitlistPositions(attendees.data?.items ?? []), [attendees.data]);
  const rows = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (attendees.data?.items ?? []).filter(
      (a) =>
        (filter === 'all' || (filter === 'checkedIn' ? !!a.checkedInAt : a.status === filter)) &&
        (!needle || [a.name, a.employeeCode, a.code].some((s) => s.toLowerCase().includes(needle))),
    );
  }, [attendees.data, filter, q]);

  const e = detail.item;
  const counts = attendees.data?.counts;
  const time = (iso: string | null) => (iso ? dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '');

  return (
    <ItemDetailScreen
      page={page}
      detail={detail}
      list={{ title: listTitle, to: page.path }}
      back={t('eventsAdmin.back')}
      className="sf-event-admin"
      testId="event-admin"
      fields={['startsAt', 'endsAt', 'placeKind', 'capacity', 'points', ...(resource === 'socialclub' ? ['activityKind', 'hours'] : []), 'audience']}
      actions={
        e ? (
          <>
            <Link to={`${page.path}/${encodeURIComponent(id)}/checkin`}>
              <Button type="primary" icon={<QrcodeOutlined />} data-testid="event-checkin-open">{t('eventsAdmin.checkIn')}</Button>
            </Link>
            <EditActions detail={detail} text={t('eventsAdmin.edit')} testId="event-edit" />
          </>
        ) : null
      }
    >
      <Card
        className="sf-admin-card sf-club-detail__section"
        title={t('eventsAdmin.attendees')}
        extra={<ExportButtons url={(format) => exportUrl(resource, id, format)} />}
        data-testid="event-attendees"
      >
        <div className="sf-event-admin__counts">
          <Statistic title={t('eventsAdmin.counts.going')} value={counts?.going ?? 0} suffix={e?.capacity ? `/ ${String(e.capacity)}` : undefined} />
          <Statistic title={t('eventsAdmin.counts.waitlisted')} value={counts?.waitlisted ?? 0} />
          <Statistic title={t('eventsAdmin.counts.checkedIn')} value={counts?.checkedIn ?? 0} data-testid="event-checked-in-count" />
        </div>
        <div className="sf-event-admin__filters">
          <Segmented<Filter>
            value={filter}
            onChange={setFilter}
            options={(['all', 'going', 'waitlisted', 'checkedIn'] as const).map((f) => ({ value: f, label: t(`eventsAdmin.filter.${f}`) }))}
          />
          <Input.Search allowClear placeholder={t('eventsAdmin.search')} value={q} onChange={(ev) => setQ(ev.target.value)} style={{ width: 280 }} />
        </div>
        <Table<Attendee>
          rowKey="id"
          size="middle"
          loading={attendees.isLoading}
          dataSource={rows}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          onRow={(a) => ({ 'data-testid': 'attendee-row', 'data-user-id': a.userId, 'data-checked-in': a.checkedInAt ? 'true' : 'false' }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'name', title: t('eventsAdmin.columns.name'), render: (_, a) => <><strong>{a.name}</strong><div className="sf-res__muted">{a.employeeCode}</div></> },
            { key: 'store', title: t('eventsAdmin.columns.store'), dataIndex: 'store' },
            {
              key: 'status',
              title: t('eventsAdmin.columns.status'),
              render: (_, a) =>
                a.checkedInAt ? (
                  <Tag color="green">{t('eventsAdmin.status.checkedIn')}</Tag>
                ) : a.status === 'going' ? (
                  <Tag color="blue">{t('eventsAdmin.status.going')}</Tag>
                ) : (
                  <Tag color="orange">{t('eventsAdmin.status.waitlisted', { n: positions.get(a.id) ?? 0 })}</Tag>
                ),
            },
            { key: 'code', title: t('eventsAdmin.columns.code'), render: (_, a) => <code>{a.code}</code> },
            { key: 'checkedInAt', title: t('eventsAdmin.columns.checkedInAt'), render: (_, a) => time(a.checkedInAt) },
            { key: 'registeredAt', title: t('eventsAdmin.columns.registeredAt'), render: (_, a) => time(a.registeredAt) },
          ]}
        />
      </Card>
    </ItemDetailScreen>
  );
}
