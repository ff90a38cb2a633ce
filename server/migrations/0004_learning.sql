-- Learning: contents, articles, ebooks, courses, examinations, personalised rules, progress, and the
-- points ledger that every later area (club, games, campaigns) reuses.
--
-- Audience (audience_json on every item): {"stores":[id],"regions":[id],"positions":[text],
-- "groups":[id],"subgroups":[id]}; NULL or all lists empty = everyone. Kinds AND, values within a kind OR.
-- search_text: title + summary + body as plain text, normalised by learning::search_key (lower-cased, Thai
-- zero-width spaces removed, decomposed SARA AM composed) so a substring finds words inside unspaced Thai.
-- "Published" = status 'published' AND (start_at IS NULL OR start_at <= now) AND (end_at IS NULL OR now < end_at).

CREATE TABLE contents (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('article', 'video', 'pdf', 'images', 'link')),
  title TEXT NOT NULL,
  summary TEXT,
  body_html TEXT,
  cover_media_id TEXT REFERENCES media(id),
  media_id TEXT REFERENCES media(id),
  images_json TEXT,
  link_url TEXT,
  category_id TEXT REFERENCES categories(id),
  subcategory_id TEXT REFERENCES subcategories(id),
  tags_json TEXT,
  audience_json TEXT,
  points INTEGER NOT NULL DEFAULT 0,
  duration_minutes INTEGER,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  search_text TEXT NOT NULL DEFAULT '',
  created_by TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX contents_status_idx ON contents(status, updated_at);
CREATE INDEX contents_category_idx ON contents(category_id);

CREATE TABLE articles (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  summary TEXT,
  body_html TEXT,
  cover_media_id TEXT REFERENCES media(id),
  tags_json TEXT,
  audience_json TEXT,
  pinned INTEGER NOT NULL DEFAULT 0,
  allow_comments INTEGER NOT NULL DEFAULT 1,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  like_count INTEGER NOT NULL DEFAULT 0,
  comment_count INTEGER NOT NULL DEFAULT 0,
  search_text TEXT NOT NULL DEFAULT '',
  created_by TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX articles_status_idx ON articles(status, updated_at);

CREATE TABLE article_likes (
  article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (article_id, user_id)
);

CREATE TABLE article_comments (
  id TEXT PRIMARY KEY,
  article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'visible' CHECK (status IN ('visible', 'hidden')),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1  -- moderated through the resource engine (optimistic updates)
);
CREATE INDEX article_comments_article_idx ON article_comments(article_id, created_at);
CREATE INDEX article_comments_user_idx ON article_comments(user_id, created_at);

CREATE TABLE ebooks (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  author TEXT,
  description TEXT,
  cover_media_id TEXT REFERENCES media(id),
  pdf_media_id TEXT NOT NULL REFERENCES media(id),
  category_id TEXT REFERENCES categories(id),
  audience_json TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  search_text TEXT NOT NULL DEFAULT '',
  created_by TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX ebooks_status_idx ON ebooks(status, updated_at);

CREATE TABLE exams (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  cover_media_id TEXT REFERENCES media(id),
  category_id TEXT REFERENCES categories(id),
  audience_json TEXT,
  draw_mode TEXT NOT NULL DEFAULT 'all' CHECK (draw_mode IN ('all', 'random')),
  draw_count INTEGER,
  shuffle_questions INTEGER NOT NULL DEFAULT 1,
  shuffle_choices INTEGER NOT NULL DEFAULT 1,
  time_limit_seconds INTEGER,
  pass_percent INTEGER NOT NULL DEFAULT 60,
  max_attempts INTEGER,
  points INTEGER NOT NULL DEFAULT 0,
  show_explanations INTEGER NOT NULL DEFAULT 1,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  search_text TEXT NOT NULL DEFAULT '',
  created_by TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX exams_status_idx ON exams(status, updated_at);

-- The question bank of an exam. choices_json: [{"id":"a","text":"..."}]; correct_json: ["a"] (one for
-- single and truefalse, one or more for multiple). Never sent to staff before their attempt is submitted.
CREATE TABLE exam_questions (
  id TEXT PRIMARY KEY,
  exam_id TEXT NOT NULL REFERENCES exams(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  kind TEXT NOT NULL CHECK (kind IN ('single', 'multiple', 'truefalse')),
  prompt TEXT NOT NULL,
  choices_json TEXT NOT NULL,
  correct_json TEXT NOT NULL,
  explanation TEXT,
  points INTEGER NOT NULL DEFAULT 1,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX exam_questions_exam_idx ON exam_questions(exam_id, position);

-- One attempt: the drawn questions with their choice order (questions_json), the saved answers, the
-- server's deadline, and the grade once submitted (by the user or automatically at the deadline).
CREATE TABLE exam_attempts (
  id TEXT PRIMARY KEY,
  exam_id TEXT NOT NULL REFERENCES exams(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  attempt_number INTEGER NOT NULL,
  questions_json TEXT NOT NULL,
  answers_json TEXT NOT NULL DEFAULT '{}',
  started_at BIGINT NOT NULL,
  deadline_at BIGINT,
  submitted_at BIGINT,
  auto_submitted INTEGER NOT NULL DEFAULT 0,
  score INTEGER,
  max_score INTEGER,
  percent INTEGER,
  passed INTEGER,
  UNIQUE (exam_id, user_id, attempt_number)
);
CREATE INDEX exam_attempts_user_idx ON exam_attempts(user_id, exam_id);

CREATE TABLE courses (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  summary TEXT,
  description_html TEXT,
  cover_media_id TEXT REFERENCES media(id),
  category_id TEXT REFERENCES categories(id),
  audience_json TEXT,
  points INTEGER NOT NULL DEFAULT 0,
  badge_id TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  search_text TEXT NOT NULL DEFAULT '',
  created_by TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX courses_status_idx ON courses(status, updated_at);

-- Ordered lessons: a content item or an exam.
CREATE TABLE course_lessons (
  id TEXT PRIMARY KEY,
  course_id TEXT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  kind TEXT NOT NULL CHECK (kind IN ('content', 'exam')),
  content_id TEXT REFERENCES contents(id),
  exam_id TEXT REFERENCES exams(id),
  title TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX course_lessons_course_idx ON course_lessons(course_id, position);

-- Mandatory for an audience with a due date (a course may have several).
CREATE TABLE course_assignments (
  id TEXT PRIMARY KEY,
  course_id TEXT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  audience_json TEXT,
  due_at BIGINT,
  note TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX course_assignments_course_idx ON course_assignments(course_id);

CREATE TABLE course_enrollments (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  course_id TEXT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  started_at BIGINT NOT NULL,
  completed_at BIGINT,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, course_id)
);
CREATE INDEX course_enrollments_course_idx ON course_enrollments(course_id);

-- Where a user is in a content item or ebook (video seconds, PDF page, scroll percent) and when they
-- completed it. Progress lives on the server so it survives devices.
CREATE TABLE learning_progress (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_type TEXT NOT NULL CHECK (item_type IN ('content', 'ebook')),
  item_id TEXT NOT NULL,
  position DOUBLE PRECISION NOT NULL DEFAULT 0,
  percent INTEGER NOT NULL DEFAULT 0,
  completed_at BIGINT,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, item_type, item_id)
);

-- "For you": pin an item to an audience with a priority and an optional window.
CREATE TABLE personalized_rules (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  target_type TEXT NOT NULL CHECK (target_type IN ('content', 'course', 'article', 'ebook', 'exam')),
  target_id TEXT NOT NULL,
  audience_json TEXT,
  priority INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1,
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);

-- Every change of points is one entry; the balance is their sum. The idempotency key makes an award
-- happen once however often (or however concurrently) it is asked for.
CREATE TABLE points_ledger (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delta INTEGER NOT NULL,
  reason TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('lesson', 'course', 'exam', 'game', 'campaign', 'story', 'event',
                                         'survey', 'manual', 'redemption', 'refund')),
  source_id TEXT,
  idempotency_key TEXT NOT NULL UNIQUE,
  author_id TEXT,
  created_at BIGINT NOT NULL
);
CREATE INDEX points_ledger_user_idx ON points_ledger(user_id, created_at);
