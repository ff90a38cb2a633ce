// The story screens: one lazy chunk with its strings (App.tsx imports it lazily).
import './i18n';
import './stories.css';

export { StoriesPage } from './StoriesPage';
export { StoryPage } from './StoryPage';
export { PostStoryPage, EditStoryPage } from './PostStoryPage';
export { MyStoriesPage } from './MyStoriesPage';
export { prefetchFeed } from './api';
