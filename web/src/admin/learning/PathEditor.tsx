// A learning path's own screen (issue 32): its details and publish / archive, its courses in order (each
// required or optional: the path is completed when every required course is), and its certificate: "this
// path grants a certificate valid N months", the same certificate definition a course has.
import { OrderedListOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditActions, ItemDetailScreen, useItemDetail } from '../resources/ItemDetail';
import { useItemScreens } from '../resources/itemScreens';
import type { AdminPage } from '../resources/pages';
import { PublishableList } from '../resources/PublishableList';
import { ResourceView } from '../resources/ResourceView';

/** The paths, each opening its editor (the title, or "Manage courses and certificate" in its actions). */
export function PathsView() {
  const { t } = useTranslation();
  const screens = useItemScreens('/admin/learning-paths', { key: 'courses', testId: 'path-courses-open', label: t('pathEditor.open'), icon: <OrderedListOutlined /> });
  return <PublishableList resource="learning-paths" {...screens} />;
}

const pathCourseColumns = ['course', 'required'];
const certificateColumns = ['title', 'validMonths', 'status'];
const certificateOfPath = (id: string) => ({ path: id, grantedFor: 'path' });

export function PathEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const detail = useItemDetail('learning-paths', t('admin.menu.learningPaths'));
  const { id, item } = detail;
  return (
    <ItemDetailScreen
      page={page}
      detail={detail}
      testId="path-editor"
      back={t('pathEditor.back')}
      subtitle={item?.summary ? String(item.summary) : undefined}
      fields={['startAt', 'endAt']}
      actions={<EditActions detail={detail} text={t('pathEditor.edit')} />}
    >
      <Card className="sf-admin-card sf-learn-editor__section" title={t('pathEditor.courses')} data-testid="path-courses">
        <p className="sf-res__muted sf-learn-editor__hint">{t('pathEditor.coursesHint')}</p>
        {id ? <ResourceView resource="learning-path-courses" fixed={{ path: id }} columns={pathCourseColumns} drawerKey="c" compact updatedColumn={false} /> : null}
      </Card>
      <Card className="sf-admin-card sf-learn-editor__section" title={t('pathEditor.certificate')} data-testid="path-certificate">
        <p className="sf-res__muted sf-learn-editor__hint">{t('pathEditor.certificateHint')}</p>
        {id ? <ResourceView resource="certificate-definitions" fixed={certificateOfPath(id)} columns={certificateColumns} drawerKey="d" compact updatedColumn={false} /> : null}
      </Card>
    </ItemDetailScreen>
  );
}
