// The moment the install hint waits for (issue 30: offered after a completed lesson, not at first open).
// Dispatched by the learning screens (a window event: they and the PWA shell never import each other).
export const LESSON_COMPLETED_EVENT = 'sf:lesson-completed';

// A screen asking for the writes queued offline to be sent now (its "Try again", when the browser never said the
// connection went): the PWA shell, which sends them, listens.
export const QUEUE_REPLAY_EVENT = 'sf:replay-queue';
