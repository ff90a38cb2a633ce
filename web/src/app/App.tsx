import { useTranslation } from 'react-i18next';
import { ConfigProvider as MobileConfig, Skeleton } from 'antd-mobile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { loadServerMessages } from '../i18n';
import { ApiError } from '../lib/api';
import { whenIdle } from '../lib/idle';
import { DocumentTitle } from '../lib/config';
import { LocaleFromAccount } from '../lib/me';
import { getSession, SessionProvider, useSession, type Session } from '../lib/session';
import { Toaster } from '../lib/toast';
import { NotFoundPage, SharePage } from '../user/bare/BarePages';
import { LoginPage } from '../user/bare/LoginPage';
import { HomeTab } from './TabPages';
import { ClubPage, LearningPage, ProfilePage, StoriesPage, storyScreens } from './tabScreens';
import { BareLayout } from './BareLayout';
import { RequireBackOffice, RequireSession } from './guards';
import { PresenceConnection, RouteTracking } from './Telemetry';
import { TrackingConsent } from '../lib/consent';
import { UserLayout } from './UserLayout';
import { AdsGate, startAdsCheck } from '../user/ads/AdsGate';

// The installed app's service worker, offline banner and update prompt (app/pwa): after the first screen.
const PwaShell = lazy(() => import('./pwa/PwaShell'));
// The whole back office is one lazy chunk: the user app never downloads it.
// It shows the server's messages without an error around them (a roster import's rows): those come with it.
const AdminApp = lazy(() => Promise.all([import('./admin/AdminApp'), loadServerMessages()]).then(([m]) => m));
const RegisterPage = lazy(() => import('../user/register/RegisterPage'));
const ResetPage = lazy(() => import('../user/register/ResetPage'));
// Galleries (photo grid + full-screen viewer) load when opened.
const GalleriesPage = lazy(() => import('../user/galleries/GalleriesPage').then((m) => ({ default: m.GalleriesPage })));
const GalleryPage = lazy(() => import('../user/galleries/GalleriesPage').then((m) => ({ default: m.GalleryPage })));
// Exams, articles and the points history load when opened (Home is in the main chunk: it is the landing tab).
const ExamIntroPage = lazy(() => import('../user/exams/ExamIntroPage').then((m) => ({ default: m.ExamIntroPage })));
const ExamTakingPage = lazy(() => import('../user/exams/ExamTakingPage').then((m) => ({ default: m.ExamTakingPage })));
const ExamResultPage = lazy(() => import('../user/exams/ExamResultPage').then((m) => ({ default: m.ExamResultPage })));
// The article page with its sticker reactions (ArticleRoute.tsx).
const ArticlePage = lazy(() => import('./ArticleRoute'));
// The profile's badges and sticker book (recognition's, with their strings): a chunk of their own, loaded
// when the profile draws them.
const Achievements = lazy(() => import('../user/recognition/Achievements').then((m) => ({ default: m.Achievements })));
const PointsPage = lazy(() => import('../user/points/PointsPage').then((m) => ({ default: m.PointsPage })));
// The club's screens (rewards, redemptions, coupons with their QR and barcode libraries, gifts): one lazy chunk.
const clubScreens = () => import('../user/club/screens');
const RewardsPage = lazy(() => clubScreens().then((m) => ({ default: m.RewardsPage })));
const RewardPage = lazy(() => clubScreens().then((m) => ({ default: m.RewardPage })));
const RedemptionsPage = lazy(() => clubScreens().then((m) => ({ default: m.RedemptionsPage })));
const CouponsPage = lazy(() => clubScreens().then((m) => ({ default: m.CouponsPage })));
const GiftsPage = lazy(() => clubScreens().then((m) => ({ default: m.GiftsPage })));
// The leaderboard: its own chunk with its strings.
const LeaderboardPage = lazy(() => import('../user/leaderboard/LeaderboardPage').then((m) => ({ default: m.LeaderboardPage })));
// Polls: their own chunk with their strings (Home's card and the Club entry stay light).
const PollsPage = lazy(() => import('../user/polls/PollsPage').then((m) => ({ default: m.PollsPage })));
// Surveys: one chunk with their strings (the Club entry stays light).
const surveyScreens = () => import('../user/surveys/screens');
const SurveysPage = lazy(() => surveyScreens().then((m) => ({ default: m.SurveysPage })));
const SurveyPage = lazy(() => surveyScreens().then((m) => ({ default: m.SurveyPage })));
// Forms: one chunk with their strings.
const formScreens = () => import('../user/forms/screens');
const FormsPage = lazy(() => formScreens().then((m) => ({ default: m.FormsPage })));
const FormPage = lazy(() => formScreens().then((m) => ({ default: m.FormPage })));
// Campaigns and naming contests: one chunk with their strings (Home's card and the Club entry stay light).
const campaignScreens = () => import('../user/campaigns/screens');
const CampaignsPage = lazy(() => campaignScreens().then((m) => ({ default: m.CampaignsPage })));
const CampaignPage = lazy(() => campaignScreens().then((m) => ({ default: m.CampaignPage })));
// Events and the social club: one chunk with their strings and the QR library (Home's card stays light).
const eventScreens = () => import('../user/events/screens');
const EventsListPage = lazy(() => eventScreens().then((m) => ({ default: m.EventsListPage })));
const SocialPage = lazy(() => eventScreens().then((m) => ({ default: m.SocialPage })));
const EventDetailPage = lazy(() => eventScreens().then((m) => ({ default: m.EventDetailPage })));
const SocialDetailPage = lazy(() => eventScreens().then((m) => ({ default: m.SocialDetailPage })));
// Games: one chunk with their strings (the Club entry stays light).
const gameScreens = () => import('../user/games/GamesPages');
// The live quiz: the phone's screen and the host's big screen, each its own lazy chunk.
const LivePlayerPage = lazy(() => import('../user/games/live/LivePlayer').then((m) => ({ default: m.LivePlayerPage })));
const LiveHostPage = lazy(() => import('../admin/games/LiveHost'));
const GamesPage = lazy(() => gameScreens().then((m) => ({ default: m.GamesPage })));
const GamePage = lazy(() => gameScreens().then((m) => ({ default: m.GamePage })));
const GamePlayPage = lazy(() => gameScreens().then((m) => ({ default: m.PlayPage })));
// The full-screen ad on opening the app: its own chunk with its strings (the gate and Home's banner stay light).
const PulsePage = lazy(() => import('../user/pulse/PulsePage').then((m) => ({ default: m.PulsePage })));
const AdsPage = lazy(() => import('../user/ads/AdsPage').then((m) => ({ default: m.AdsPage })));
// Learning screens past the tab itself load when opened (pdf.js only with a PDF or an ebook).
// The Stories tab's other screens: the tab's chunk (tabScreens.ts), with their strings.
const StoryPage = lazy(() => storyScreens().then((m) => ({ default: m.StoryPage })));
const PostStoryPage = lazy(() => storyScreens().then((m) => ({ default: m.PostStoryPage })));
const EditStoryPage = lazy(() => storyScreens().then((m) => ({ default: m.EditStoryPage })));
const MyStoriesPage = lazy(() => storyScreens().then((m) => ({ default: m.MyStoriesPage })));
const NotificationsPage = lazy(() => import('../user/notifications/NotificationsPage'));
const MessagesPage = lazy(() => import('../user/messages/MessagesPage').then((m) => ({ default: m.MessagesPage })));
// Search over everything the person may open (/search, from Home and Learning): its own chunk.
const SearchPage = lazy(() => import('../user/search/SearchPage'));
const LearningSearchPage = lazy(() => import('../user/learning/SearchPage').then((m) => ({ default: m.SearchPage })));
const LearningCategoryPage = lazy(() => import('../user/learning/SearchPage').then((m) => ({ default: m.CategoryPage })));
const ContentPage = lazy(() => import('../user/learning/ContentPage'));
const CoursePage = lazy(() => import('../user/learning/CoursePage'));
const EbooksPage = lazy(() => import('../user/learning/EbookPages').then((m) => ({ default: m.EbooksPage })));
const EbookReaderPage = lazy(() => import('../user/learning/EbookPages').then((m) => ({ default: m.EbookReaderPage })));
// The tabs whose screen is a lazy chunk, by address, with the reads the screen draws first: the chunk and the
// reads of the one being opened are in before the first render (prepareFirstScreen).
const lazyTabs: Record<string, (client: QueryClient) => Promise<unknown>> = {
  '/stores': (client) => Promise.all([StoriesPage.preload(), storyScreens().then((m) => m.prefetchFeed(client))]),
  '/learning': () => LearningPage.preload(),
  '/club': () => ClubPage.preload(),
  '/profile': () => ProfilePage.preload(),
  '/p': () => ProfilePage.preload(),
};
const tabOf = (pathname: string) => (pathname.startsWith('/p/') ? '/p' : pathname);


/** What the app's first render starts from (main.tsx awaits it): the session, the ad check and, when the address
 * is a lazy tab, its chunk and first reads. The server sends all of them with the page (web/first-screen.json),
 * so the wait is for responses already on their way, and the first render draws the screen itself rather than
 * the loading screen, then skeletons, then the screen (three renders on a slow phone). A failed read is left to
 * the screen, which asks again; an unreachable server leaves the session to SessionProvider (the offline path). */
export interface FirstScreen {
  client: QueryClient;
  session?: Session | null;
}
export async function prepareFirstScreen(pathname: string): Promise<FirstScreen> {
  const client = makeQueryClient();
  const session = await getSession().catch(() => undefined);
  if (session) await Promise.all([startAdsCheck(client, session.user.id), lazyTabs[tabOf(pathname)]?.(client).catch(() => undefined)]);
  return { client, session };
}

// A page-sized skeleton, not the full-screen logo, while a screen's chunk arrives.
const lazyPage = (el: React.ReactNode) => (
  <Suspense fallback={<div className="sf-page" aria-busy="true"><Skeleton.Paragraph lineCount={6} animated /></div>}>{el}</Suspense>
);

// An area added with one line (docs/AREAS.md "Worked example"): a Route for "/<area>/*" whose element is
// lazyArea(() => import('../user/<area>/Routes')). The module's default export draws the area's own Routes
// and loads with the area's chunk; its pages' name for the reports is its catalog's staffPages.areas.<area>
// (lib/staffPages.ts addedAreaOf). One lazy
// component per loader (keyed by its text, the same on every render), so a re-render never loads it again.
const lazyAreas = new Map<string, React.LazyExoticComponent<React.ComponentType>>();
export function lazyArea(load: () => Promise<{ default: React.ComponentType }>) {
  const key = String(load);
  let Area = lazyAreas.get(key);
  if (!Area) lazyAreas.set(key, (Area = lazy(load)));
  return lazyPage(<Area />);
}

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return count < 2;
        },
      },
    },
  });
}

/** Profile tab target: the signed-in user's own page. */
function MyProfileRedirect() {
  const { data } = useSession();
  return <Navigate to={`/p/${encodeURIComponent(data?.user.id ?? '')}`} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/main" replace />} />

      {/* Shell-less */}
      <Route element={<BareLayout />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<Suspense fallback={<LoadingScreen />}><RegisterPage /></Suspense>} />
        <Route path="/reset" element={<Suspense fallback={<LoadingScreen />}><ResetPage /></Suspense>} />
        <Route path="/share/*" element={<SharePage />} />
        <Route element={<RequireSession />}>
          <Route path="/ads" element={<Suspense fallback={<LoadingScreen />}><AdsPage /></Suspense>} />
          <Route path="/ads/:id" element={<Suspense fallback={<LoadingScreen />}><AdsPage /></Suspense>} />
          <Route path="/pulsesurvey/*" element={<Suspense fallback={<LoadingScreen />}><PulsePage /></Suspense>} />
          <Route path="/messager/*" element={<Suspense fallback={<LoadingScreen />}><MessagesPage /></Suspense>} />
          {/* Taking an exam is full screen: no bottom navigation to tap away by accident. */}
          <Route path="/learning/exam/:id/attempt/:attemptId" element={<Suspense fallback={<LoadingScreen />}><ExamTakingPage /></Suspense>} />
          {/* A live quiz is full screen too. */}
          <Route path="/club/games/live" element={<Suspense fallback={<LoadingScreen />}><LivePlayerPage /></Suspense>} />
        </Route>
      </Route>

      {/* Back office */}
      <Route
        path="/admin/games/quiz/:id/host"
        element={
          <RequireBackOffice>
            <Suspense fallback={<LoadingScreen />}>
              <LiveHostPage />
            </Suspense>
          </RequireBackOffice>
        }
      />
      <Route
        path="/admin/*"
        element={
          <RequireBackOffice>
            <Suspense fallback={<LoadingScreen />}>
              <AdminApp />
            </Suspense>
          </RequireBackOffice>
        }
      />

      {/* User app with the bottom navigation */}
      <Route element={<RequireSession />}>
        {/* On opening the app: a full-screen ad first when one is due (once per page load). */}
        <Route element={<AdsGate />}>
          <Route element={<UserLayout />}>
            <Route path="/search" element={lazyPage(<SearchPage />)} />
            <Route path="/learning" element={lazyPage(<LearningPage />)} />
            <Route path="/learning/search" element={lazyPage(<LearningSearchPage />)} />
            <Route path="/learning/category/:id" element={lazyPage(<LearningCategoryPage />)} />
            <Route path="/learning/content/:id" element={lazyPage(<ContentPage />)} />
            <Route path="/learning/course/:id" element={lazyPage(<CoursePage />)} />
            <Route path="/learning/ebooks" element={lazyPage(<EbooksPage />)} />
            <Route path="/learning/ebook/:id" element={lazyPage(<EbookReaderPage />)} />
            <Route path="/learning/*" element={lazyPage(<LearningPage />)} />
            <Route path="/learning/exam/:id" element={lazyPage(<ExamIntroPage />)} />
            <Route path="/learning/exam/:id/result/:attemptId" element={lazyPage(<ExamResultPage />)} />
            <Route path="/stores" element={lazyPage(<StoriesPage />)} />
            <Route path="/stores/new" element={lazyPage(<PostStoryPage />)} />
            <Route path="/stores/mine" element={lazyPage(<MyStoriesPage />)} />
            <Route path="/stores/:id" element={lazyPage(<StoryPage />)} />
            <Route path="/stores/:id/edit" element={lazyPage(<EditStoryPage />)} />
            <Route path="/main" element={<HomeTab />} />
            <Route path="/main/articles/:id" element={lazyPage(<ArticlePage />)} />
            <Route path="/club/galleries" element={<Suspense fallback={<LoadingScreen />}><GalleriesPage /></Suspense>} />
            <Route path="/club/galleries/:id" element={<Suspense fallback={<LoadingScreen />}><GalleryPage /></Suspense>} />
            <Route path="/club/points" element={lazyPage(<PointsPage />)} />
            <Route path="/club/rewards" element={lazyPage(<RewardsPage />)} />
            <Route path="/club/rewards/:id" element={lazyPage(<RewardPage />)} />
            <Route path="/club/redemptions" element={lazyPage(<RedemptionsPage />)} />
            <Route path="/notifications" element={lazyPage(<NotificationsPage />)} />
            <Route path="/club/coupons" element={lazyPage(<CouponsPage />)} />
            <Route path="/club/gifts" element={lazyPage(<GiftsPage />)} />
            <Route path="/club/leaderboard" element={lazyPage(<LeaderboardPage />)} />
            <Route path="/club/polls" element={lazyPage(<PollsPage />)} />
            <Route path="/club/surveys" element={lazyPage(<SurveysPage />)} />
            <Route path="/club/surveys/:id" element={lazyPage(<SurveyPage />)} />
            <Route path="/club/forms" element={lazyPage(<FormsPage />)} />
            <Route path="/club/forms/:id" element={lazyPage(<FormPage />)} />
            <Route path="/club/campaigns" element={lazyPage(<CampaignsPage />)} />
            <Route path="/club/campaigns/:id" element={lazyPage(<CampaignPage />)} />
            <Route path="/club/events" element={lazyPage(<EventsListPage />)} />
            <Route path="/club/events/:id" element={lazyPage(<EventDetailPage />)} />
            <Route path="/club/social" element={lazyPage(<SocialPage />)} />
            <Route path="/club/social/:id" element={lazyPage(<SocialDetailPage />)} />
            <Route path="/club/games" element={lazyPage(<GamesPage />)} />
            <Route path="/club/games/:id" element={lazyPage(<GamePage />)} />
            <Route path="/club/games/play/:playId" element={lazyPage(<GamePlayPage />)} />
            <Route path="/club/*" element={lazyPage(<ClubPage />)} />
            {/* Areas added with lazyArea: one line each, here. */}
            <Route path="/drill/*" element={lazyArea(() => import('../user/drill/Routes'))} />
            <Route path="/p" element={<MyProfileRedirect />} />
            <Route path="/profile" element={<MyProfileRedirect />} />
            <Route path="/p/:userId" element={lazyPage(<ProfilePage Achievements={Achievements} />)} />
          </Route>
        </Route>
      </Route>

      <Route element={<BareLayout />}>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

type MobileLocaleData = Parameters<typeof MobileConfig>[0]['locale'];
const mobileLocales: Record<string, () => Promise<{ default: MobileLocaleData }>> = {
  th: () => import('antd-mobile/es/locales/th-TH'),
  en: () => import('antd-mobile/es/locales/en-US'),
};

/** antd-mobile's own texts (pickers' confirm and cancel, pull-to-refresh, empty states) in the app's
 * language: without a locale they default to Chinese. Loaded after the first screen, which shows none. */
function MobileLocale({ children }: { children: React.ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'th';
  const [locale, setLocale] = useState<{ language: string; data: MobileLocaleData }>();
  useEffect(() => {
    let live = true;
    void mobileLocales[language]!().then((m) => live && setLocale({ language, data: m.default }));
    return () => {
      live = false;
    };
  }, [language]);
  // One element type either way, so the app below is not remounted when the texts arrive.
  return <MobileConfig {...(locale ? { locale: locale.data } : {})}>{children}</MobileConfig>;
}

/** Mounts `children` once the browser is idle after the first screen (so they add nothing before it). */
function WhenIdle({ children }: { children: React.ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle ? <Suspense fallback={null}>{children}</Suspense> : null;
}

function SessionWithRouter({ session, children }: { session?: Session | null; children: React.ReactNode }) {
  const navigate = useNavigate();
  const go = useCallback((url: string) => navigate(url, { replace: true }), [navigate]);
  return <SessionProvider session={session} navigate={go}>{children}</SessionProvider>;
}

export function App({ first }: { first?: FirstScreen }) {
  const [client] = useState(() => first?.client ?? makeQueryClient());
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <SessionWithRouter session={first?.session}>
          <DocumentTitle />
          <LocaleFromAccount />
          <RouteTracking />
          <TrackingConsent />
          <PresenceConnection />
          <MobileLocale>
            <AppRoutes />
          </MobileLocale>
          <Toaster />
          <WhenIdle>
            <PwaShell />
          </WhenIdle>
        </SessionWithRouter>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
