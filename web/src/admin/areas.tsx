// The screens of the back-office areas, in their own lazy chunk (antd Table, Form, Upload…): the dashboard
// does not wait for them. A route-table entry with `resource` gets the generic screen; `view` names a
// screen of its own; `tabs` draws sub-pages as tabs.
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPageHeader, AreaPage } from './AreaPage';
import { GalleriesView, GalleryEditor } from './galleries/GalleryEditor';
import { HomeSlidesView } from './home/HomeSlidesView';
import { LogsView } from './LogsView';
import { MediaLibrary } from './medias/MediaLibrary';
import { ResourceView } from './resources/ResourceView';
import type { AdminPage, AdminTab } from './routes';
import { UsersView } from './users/UsersView';
import { CourseEditor } from './learning/CourseEditor';
import { ExamEditor } from './learning/ExamEditor';
import { ArticleCommentsView, ArticlesView, ContentsView, CoursesView, EbooksView, ExaminationsView, PersonalizedView } from './learning/LearningLists';

const listViews: Record<string, () => React.ReactNode> = {
  users: () => <UsersView />,
  galleries: () => <GalleriesView />,
  medias: () => <MediaLibrary />,
  contents: () => <ContentsView />,
  articles: () => <ArticlesView />,
  articleComments: () => <ArticleCommentsView />,
  ebooks: () => <EbooksView />,
  personalized: () => <PersonalizedView />,
  courses: () => <CoursesView />,
  examinations: () => <ExaminationsView />,
  homeSlides: () => <HomeSlidesView />,
};

function Body({ resource, view }: { resource?: string; view?: string }) {
  if (view && listViews[view]) return <>{listViews[view]()}</>;
  if (resource) return <ResourceView key={resource} resource={resource} />;
  return null;
}

export default function AreaScreen({ page, tab, detail }: { page: AdminPage; tab?: AdminTab; detail?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (detail && page.detailView === 'galleryEditor') return <GalleryEditor page={page} />;
  if (detail && page.detailView === 'courseEditor') return <CourseEditor page={page} />;
  if (detail && page.detailView === 'examEditor') return <ExamEditor page={page} />;
  if (page.view === 'logs') return <LogsView page={page} />;
  const target = tab ?? page;
  if (!target.resource && !(target.view && listViews[target.view])) return <AreaPage page={page} />;
  return (
    <div className="sf-admin-page">
      <AdminPageHeader page={page} title={t(page.labelKey)} />
      <Card className="sf-admin-card sf-res-card">
        {page.tabs ? (
          <Tabs
            className="sf-res__tabs"
            activeKey={tab?.key}
            onChange={(key) => {
              const next = page.tabs?.find((x) => x.key === key);
              if (next) navigate(next.path);
            }}
            items={page.tabs.map((x) => ({ key: x.key, label: t(x.labelKey) }))}
          />
        ) : null}
        <Body key={target.key} resource={target.resource} view={target.view} />
      </Card>
    </div>
  );
}
