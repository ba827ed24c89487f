/** Every page and form of the web app, and what it needs from the domain. */
import type {
  Accounts,
  AllowanceCounter,
  AssetStore,
  AssetUsage,
  Bookmarks,
  BulkRuns,
  Deliveries,
  DeliveryLog,
  Highlights,
  IdGenerator,
  ImportReader,
  Imports,
  Jobs,
  Links,
  Lists,
  OAuthStore,
  PageFetcher,
  PasswordHasher,
  SecretLinks,
  Sessions,
  Settings,
  SignInAttempts,
  Transactor,
  Users,
  Webhooks,
  WebhookSender,
  ZipWriter
} from "@bookmark-library/domain"
import { Option } from "effect"
import * as ConnectedApps from "./oauth/ConnectedApps.js"
import * as ConsentPage from "./oauth/ConsentPage.js"
import * as Access from "./pages/Access.js"
import * as AccountPage from "./pages/AccountPage.js"
import * as BookmarkDelete from "./pages/BookmarkDelete.js"
import * as BookmarkEdit from "./pages/BookmarkEdit.js"
import * as BookmarkletPage from "./pages/BookmarkletPage.js"
import * as BookmarkPage from "./pages/BookmarkPage.js"
import * as BulkProgress from "./pages/BulkProgress.js"
import * as DuplicatesPage from "./pages/DuplicatesPage.js"
import * as ExportDownload from "./pages/ExportDownload.js"
import * as ExtensionConnect from "./pages/ExtensionConnect.js"
import * as FeedPages from "./pages/FeedPages.js"
import * as GeneratedTags from "./pages/GeneratedTags.js"
import * as HighlightsPage from "./pages/HighlightsPage.js"
import * as ImportExportPage from "./pages/ImportExportPage.js"
import * as ImportProgress from "./pages/ImportProgress.js"
import * as KeysPage from "./pages/KeysPage.js"
import * as Library from "./pages/Library.js"
import * as LibraryBulk from "./pages/LibraryBulk.js"
import * as ListPicker from "./pages/ListPicker.js"
import * as ListsPage from "./pages/ListsPage.js"
import * as NotePage from "./pages/NotePage.js"
import * as NotePreview from "./pages/NotePreview.js"
import * as ProviderSignIn from "./pages/ProviderSignIn.js"
import * as ReaderPage from "./pages/ReaderPage.js"
import * as SharedListPage from "./pages/SharedListPage.js"
import * as SharePage from "./pages/SharePage.js"
import * as TagsPage from "./pages/TagsPage.js"
import * as UsagePage from "./pages/UsagePage.js"
import * as WebhookPage from "./pages/WebhookPage.js"
import * as WebhooksPage from "./pages/WebhooksPage.js"
import { get, post, publicGet, publicPost, type Route, upload } from "./Router.js"
import type { SetupLink } from "./Setup.js"

/** The domain services the pages use (the composition root provides them). */
export type Services =
  | Accounts
  | AllowanceCounter
  | AssetUsage
  | AssetStore
  | Bookmarks
  | BulkRuns
  | Deliveries
  | DeliveryLog
  | Highlights
  | IdGenerator
  | ImportReader
  | Imports
  | Jobs
  | Links.Links
  | Lists
  | SecretLinks
  | OAuthStore
  | PageFetcher
  | PasswordHasher
  | Settings.Settings
  | Sessions
  | SignInAttempts
  | Transactor
  | Users
  | WebhookSender
  | Webhooks
  | ZipWriter

export const routes: ReadonlyArray<Route<Services | SetupLink>> = [
  publicGet<Services | SetupLink>("/", (req) =>
    Option.match(req.signedIn, {
      onNone: () => Access.anonymousHome(req),
      onSome: (me) =>
        Option.match(req.token, {
          onNone: () => Access.anonymousHome(req),
          onSome: (sessionToken) => Library.show({ ...req, me, sessionToken })
        })
    })),
  publicGet("/sign-in", Access.showSignIn),
  publicPost("/sign-in", Access.submitSignIn),
  publicGet("/sign-in/provider", ProviderSignIn.begin),
  publicGet("/sign-in/provider/callback", ProviderSignIn.callback),
  publicGet("/sign-up", Access.showSignUp),
  publicPost("/sign-up", Access.submitSignUp),
  publicGet("/setup/:token", Access.showSetup),
  publicPost("/first-run", Access.createFirst),
  post("/sign-out", Access.submitSignOut),
  post("/bookmarks", Library.save),
  get("/save", Library.bookmarkletPrefilled),
  get("/bookmarklet", BookmarkletPage.show),
  get("/notes/new", NotePage.show),
  get("/share", SharePage.show),
  post("/notes", NotePage.submit),
  post("/notes/preview", NotePreview.previewNote),
  get("/bookmarks/:id", BookmarkPage.show),
  get("/bookmarks/:id/read", ReaderPage.show),
  post("/bookmarks/:id/read/done", ReaderPage.finish),
  post("/bookmarks/:id/highlights", HighlightsPage.create),
  get("/bookmarks/:id/highlights.md", HighlightsPage.markdown),
  get("/highlights", HighlightsPage.show),
  post("/highlights/:id", HighlightsPage.edit),
  post("/highlights/:id/delete", HighlightsPage.remove),
  get("/bookmarks/:id/edit", BookmarkEdit.showEdit),
  post("/bookmarks/:id/edit", BookmarkEdit.submitEdit),
  post("/bookmarks/:id/refresh", BookmarkPage.refresh),
  post("/bookmarks/:id/generated-tags", GeneratedTags.reviewBookmark),
  post("/generated-tags", GeneratedTags.reviewLibrary),
  post("/bookmarks/:id/state", BookmarkPage.setState),
  post("/bulk", LibraryBulk.submit),
  get("/bulk/:id", BulkProgress.show),
  get("/duplicates", DuplicatesPage.show),
  post("/duplicates/merge", DuplicatesPage.merge),
  get("/bookmarks/:id/delete", BookmarkDelete.confirmDelete),
  post("/bookmarks/:id/delete", BookmarkDelete.submitDelete),
  post("/bookmarks/:id/lists", ListPicker.submit),
  get("/lists", ListsPage.showAll),
  post("/lists", ListsPage.create),
  get("/lists/:id", ListsPage.show),
  post("/lists/:id/edit", ListsPage.edit),
  post("/lists/:id/remove", ListsPage.remove),
  get("/lists/:id/delete", ListsPage.confirmDelete),
  post("/lists/:id/delete", ListsPage.submitDelete),
  publicGet("/shared/:token", SharedListPage.show),
  publicGet("/feeds/:token/rss", FeedPages.rss),
  publicGet("/feeds/:token/atom", FeedPages.atom),
  get("/feeds", FeedPages.show),
  post("/feeds", FeedPages.create),
  post("/feeds/:id/revoke", FeedPages.revoke),
  get("/tags", TagsPage.show),
  get("/tags/edit", TagsPage.showEdit),
  post("/tags/rename", TagsPage.rename),
  post("/tags/merge", TagsPage.merge),
  post("/tags/merge-variants", TagsPage.mergeAllVariants),
  post("/tags/delete", TagsPage.remove),
  get("/keys", KeysPage.show),
  post("/keys", KeysPage.create),
  get("/keys/:id/revoke", KeysPage.confirmRevoke),
  post("/keys/:id/revoke", KeysPage.revoke),
  get("/webhooks", WebhooksPage.show),
  post("/webhooks", WebhooksPage.register),
  get("/webhooks/:id", WebhookPage.show),
  post("/webhooks/:id/test", WebhookPage.test),
  post("/webhooks/:id/enable", WebhooksPage.enable),
  get("/webhooks/:id/delete", WebhooksPage.confirmDelete),
  post("/webhooks/:id/delete", WebhooksPage.remove),
  post("/webhooks/:id/deliveries/:delivery/redeliver", WebhookPage.resend),
  get("/usage", UsagePage.show),
  get("/account", AccountPage.show),
  post("/account/password", AccountPage.password),
  post("/account/sign-out-everywhere", AccountPage.everywhere),
  get("/import-export", ImportExportPage.show),
  upload("/imports", ImportExportPage.submit, ImportExportPage.refused),
  get("/imports/:id", ImportProgress.show),
  get("/export", ExportDownload.download),
  get("/extension/connect", ExtensionConnect.show),
  post("/extension/connect", ExtensionConnect.approve),
  get("/extension/connected", ExtensionConnect.connected),
  get("/oauth/authorize", ConsentPage.showConsent),
  post("/oauth/authorize", ConsentPage.submitConsent),
  get("/account/apps", ConnectedApps.show),
  post("/account/apps/:id/revoke", ConnectedApps.revoke)
]
