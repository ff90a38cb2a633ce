// Recognition's back-office screens (badges, sticker sets), one lazy chunk (app/admin/routes.ts loads them by name).
import './recognition.css';

export { BadgesView } from './BadgesView';
export { BadgeEditor } from './BadgeEditor';
export { StickerSetsView } from './StickerSetsView';
export { StickerSetEditor } from './StickerSetEditor';
