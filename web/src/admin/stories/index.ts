// The back office's story moderation screens (one lazy chunk).
export { StoriesView, StoryCommentsView } from './StoriesView';
