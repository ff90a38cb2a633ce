// The back office of games (issue 14): quizzes and matching games are kit lists whose rows open a screen of
// their own (the summary, the generic form to edit it, and the ordered questions or pairs); the catalogue is
// the kit's publishable list plus the daily points cap (the one `game-settings` row).
import { EditOutlined, OrderedListOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, InputNumber, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../lib/api';
import { notify } from '../../lib/toast';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { DetailSummary } from '../resources/DetailSummary';
import { useInvalidateResource, useItem, useResourceSchema } from '../resources/data';
import { PublishableList } from '../resources/PublishableList';
import { ResourceForm } from '../resources/ResourceForm';
import { ResourceView } from '../resources/ResourceView';
import type { Item } from '../resources/schema';
import type { AdminPage } from '../resources/pages';
import type { RowActions } from '../resources/rowActions';
import { GameChildren, type ChildKind } from './GameChildren';

interface ParentKind {
  resource: string;
  path: string;
  menuKey: string;
  backKey: string;
  summary: string[];
  children: ChildKind;
  testId: string;
}

const choicesOf = (item: Item) => (Array.isArray(item.choices) ? (item.choices as { id: string; text: string }[]) : []);

const QUIZ: ParentKind = {
  resource: 'game-quizzes',
  path: '/admin/games/quiz',
  menuKey: 'admin.menu.quiz',
  backKey: 'gamesAdmin.backQuizzes',
  summary: ['timerSeconds', 'pointsPossible', 'streakBonus', 'bank', 'bankCount'],
  testId: 'quiz-questions',
  children: {
    resource: 'game-quiz-questions',
    parentField: 'quiz',
    texts: 'gamesAdmin.questions',
    title: (q) => String(q.prompt ?? ''),
    sub: (q) => {
      const correct = new Set(Array.isArray(q.correct) ? (q.correct as string[]) : []);
      return choicesOf(q)
        .map((c) => (correct.has(c.id) ? `✓ ${c.text}` : c.text))
        .join(' · ');
    },
    image: (q) => q.image,
  },
};

const MATCHING: ParentKind = {
  resource: 'game-matchings',
  path: '/admin/games/matching',
  menuKey: 'admin.menu.matching',
  backKey: 'gamesAdmin.backMatchings',
  summary: ['description', 'category', 'notForDrill'],
  testId: 'matching-pairs',
  children: {
    resource: 'game-matching-pairs',
    parentField: 'matching',
    texts: 'gamesAdmin.pairs',
    title: (p) => `${String(p.left ?? '')}  ⇄  ${String(p.right ?? '')}`,
    sub: () => null,
    image: (p) => p.leftImage,
  },
};

function ParentList({ kind, manageKey }: { kind: ParentKind; manageKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useCallback((item: Item) => navigate(`${kind.path}/${encodeURIComponent(item.id)}`), [navigate, kind.path]);
  const rowActions = useCallback<RowActions>(
    (item) => [{ key: 'manage', label: t(manageKey), icon: <OrderedListOutlined />, testId: 'game-parent-manage', run: () => open(item) }],
    [t, open, manageKey],
  );
  return <ResourceView resource={kind.resource} onOpen={open} rowActions={rowActions} />;
}

function ParentEditor({ kind, page }: { kind: ParentKind; page: AdminPage }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(kind.resource);
  const item = useItem(kind.resource, id);
  const [editing, setEditing] = useState(false);
  const p = item.data;
  const title = p ? String(p.title ?? '') : t(kind.menuKey);
  if (item.isError) return <MissingItemPage page={page} title={t(kind.menuKey)} backTo={kind.path} backText={t(kind.backKey)} />;
  return (
    <div className="sf-admin-page sf-club-detail" data-testid={`${kind.testId}-editor`}>
      <AdminPageHeader page={page} parent={{ title: t(kind.menuKey), to: kind.path }} title={title} />
      <DetailSummary
        resource={schema.resource}
        item={p}
        backTo={kind.path}
        backText={t(kind.backKey)}
        fields={kind.summary}
        actions={
          <>
            {/* A quiz is hosted live on its own big screen (a new tab for the projector). */}
            {kind === QUIZ && p ? <Button href={`/admin/games/quiz/${encodeURIComponent(id)}/host`} target="_blank" data-testid="game-host-live">{t('gamesAdmin.hostLive')}</Button> : null}
            {schema.resource?.canUpdate && p ? <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="game-parent-edit">{t('gamesAdmin.edit')}</Button> : null}
          </>
        }
      />
      {id ? <GameChildren kind={kind.children} parentId={id} testId={kind.testId} /> : null}
      {schema.resource && p ? (
        <ResourceForm
          resource={schema.resource}
          mode="edit"
          item={p}
          open={editing}
          onClose={() => setEditing(false)}
          onSaved={() => {
            void invalidate(kind.resource);
            void qc.invalidateQueries({ queryKey: ['admin', 'res', kind.resource, 'item', id] });
          }}
        />
      ) : null}
    </div>
  );
}

export const QuizzesView = () => <ParentList kind={QUIZ} manageKey="gamesAdmin.manageQuestions" />;
export const QuizEditor = ({ page }: { page: AdminPage }) => <ParentEditor kind={QUIZ} page={page} />;
export const MatchingsView = () => <ParentList kind={MATCHING} manageKey="gamesAdmin.managePairs" />;
export const MatchingEditor = ({ page }: { page: AdminPage }) => <ParentEditor kind={MATCHING} page={page} />;

/** The daily points cap across all games (admins change it; editors see it). */
function DailyCap() {
  const { t } = useTranslation();
  const schema = useResourceSchema('game-settings');
  const settings = useItem('game-settings', 'default');
  const invalidate = useInvalidateResource();
  const [value, setValue] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const stored = settings.data ? Number(settings.data.dailyPointsCap ?? 0) : null;
  useEffect(() => setValue(stored), [stored]);
  const save = async () => {
    if (!settings.data || value === null) return;
    setSaving(true);
    try {
      await api('/api/admin/game-settings/default', { method: 'PATCH', body: { dailyPointsCap: value, version: settings.data.version } });
      notify.success(t('gamesAdmin.capSaved'));
      void invalidate('game-settings');
      void settings.refetch();
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  const canWrite = !!schema.resource?.canUpdate;
  return (
    <Card className="sf-admin-card" size="small" style={{ marginBottom: 16 }} data-testid="games-daily-cap">
      <Space wrap align="center">
        <strong>{t('gamesAdmin.cap')}</strong>
        <InputNumber min={0} max={100000} value={value} onChange={(v) => setValue(v)} disabled={!canWrite} aria-label={t('gamesAdmin.cap')} />
        {canWrite ? <Button type="primary" loading={saving} disabled={value === stored} onClick={() => void save()}>{t('gamesAdmin.save')}</Button> : null}
        <span className="sf-res__muted">{t('gamesAdmin.capHint')}</span>
      </Space>
    </Card>
  );
}

export function GamesView() {
  return (
    <>
      <DailyCap />
      <PublishableList resource="games" />
    </>
  );
}
