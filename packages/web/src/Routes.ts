/** Every page and form of the web app, and what it needs from the domain. */
import type {
  Accounts,
  AllowanceCounter,
  AssetStore,
  Bookmarks,
  Deliveries,
  DeliveryLog,
  IdGenerator,
  ImportReader,
  Imports,
  Jobs,
  Links,
  PasswordHasher,
  Policy,
  Sessions,
  SignInAttempts,
  Transactor,
  Users,
  WebhookSender,
  Webhooks
} from "@bookmark-library/domain"
import { Option } from "effect"
import * as Access from "./pages/Access.js"
import * as AccountPage from "./pages/AccountPage.js"
import * as BookmarkPage from "./pages/BookmarkPage.js"
import * as ExportDownload from "./pages/ExportDownload.js"
import * as ExtensionConnect from "./pages/ExtensionConnect.js"
import * as ImportExportPage from "./pages/ImportExportPage.js"
import * as ImportProgress from "./pages/ImportProgress.js"
import * as KeysPage from "./pages/KeysPage.js"
import * as Library from "./pages/Library.js"
import * as NotePage from "./pages/NotePage.js"
import * as UsagePage from "./pages/UsagePage.js"
import * as WebhookPage from "./pages/WebhookPage.js"
import * as WebhooksPage from "./pages/WebhooksPage.js"
import { get, post, publicGet, publicPost, type Route, upload } from "./Router.js"
import type { SetupLink } from "./Setup.js"

/** The domain services the pages use (the composition root provides them). */
export type Services =
  | Accounts
  | AllowanceCounter
  | AssetStore
  | Bookmarks
  | Deliveries
  | DeliveryLog
  | IdGenerator
  | ImportReader
  | Imports
  | Jobs
  | Links.Links
  | PasswordHasher
  | Policy.Policy
  | Sessions
  | SignInAttempts
  | Transactor
  | Users
  | WebhookSender
  | Webhooks

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
  publicGet("/sign-up", Access.showSignUp),
  publicPost("/sign-up", Access.submitSignUp),
  publicGet("/setup/:token", Access.showSetup),
  publicPost("/first-run", Access.createFirst),
  post("/sign-out", Access.submitSignOut),
  post("/bookmarks", Library.save),
  get("/notes/new", NotePage.show),
  post("/notes", NotePage.submit),
  get("/bookmarks/:id", BookmarkPage.show),
  get("/bookmarks/:id/edit", BookmarkPage.showEdit),
  post("/bookmarks/:id/edit", BookmarkPage.submitEdit),
  post("/bookmarks/:id/refresh", BookmarkPage.refresh),
  get("/bookmarks/:id/delete", BookmarkPage.confirmDelete),
  post("/bookmarks/:id/delete", BookmarkPage.submitDelete),
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
  get("/extension/connected", ExtensionConnect.connected)
]

