/**
 * The use cases, by capability (one folder each); HTTP handlers, web pages, MCP tools and worker loops only decode,
 * call one of these and encode. Who acts is an `Actor` where both the operator and an account may.
 */

// Assets: copy a library's assets from one store to another
export * from "./assets/AccountStorage.js"
export * from "./assets/CopyAssets.js"
export * from "./assets/RecountStorage.js"

// Bookmarks: save, note, read, list, tags, content, edit, refresh, delete
export * from "./bookmarks/DeleteBookmark.js"
export * from "./bookmarks/Duplicates.js"
export * from "./bookmarks/EditBookmark.js"
export * from "./bookmarks/GetBookmark.js"
export * from "./bookmarks/LibraryPage.js"
export * from "./bookmarks/ListBookmarks.js"
export * from "./bookmarks/ListTags.js"
export * from "./bookmarks/MergeBookmarks.js"
export * from "./bookmarks/OwnedBookmark.js"
export * from "./bookmarks/ReadBookmarkContent.js"
export * from "./bookmarks/RefreshBookmark.js"
export * from "./bookmarks/ReplaceCopy.js"
export * from "./bookmarks/ReviewGeneratedTags.js"
export * from "./bookmarks/SaveBookmark.js"
export * from "./bookmarks/SaveForAccount.js"
export * from "./bookmarks/SaveNote.js"
export * from "./bookmarks/SaveWithCopy.js"
export * from "./bookmarks/SetBookmarkStates.js"

// Link health: check saved links on their own lane
export * from "./health/CheckLinks.js"
// Bulk actions: one action on many bookmarks, by ids or a search; large ones as a job (docs/lists.md)
export * from "./bulk/ApplyToBookmark.js"
export * from "./bulk/RunBulk.js"
export * from "./bulk/Selection.js"
export * from "./bulk/WorkBulk.js"
// Reading: the reader view of a bookmark, a note as safe Markdown
export * as ReaderCache from "./reading/ReaderCache.js"
export * from "./reading/ReaderView.js"
export * from "./reading/RenderNote.js"

// Enrichment: process a job, complete a bookmark (the steps between, FetchPage … AnalysePage, are modules beside them)
export * from "./enrichment/CompleteBookmark.js"
export * from "./enrichment/ProcessBookmark.js"

// Webhooks: register, list, enable, delete, test, deliver, the delivery log, redeliver
export * from "./webhooks/DeleteWebhook.js"
export * from "./webhooks/DeliverWebhook.js"
export * from "./webhooks/EnableWebhook.js"
export * from "./webhooks/ListDeliveries.js"
export * from "./webhooks/ListWebhooks.js"
export * from "./webhooks/OwnedWebhook.js"
export * from "./webhooks/Redeliver.js"
export * from "./webhooks/RegisterWebhook.js"
export * from "./webhooks/TestWebhook.js"
export * from "./webhooks/WebhookLog.js"

// Access: authenticate a key, charge a request, report usage
export * from "./access/AccountUsage.js"
export * from "./access/Authenticate.js"
export * from "./access/ChargeRequest.js"
export * from "./access/ReportUsage.js"

// Accounts (the operator's, and the web app's keys): accounts, plans, keys
export * from "./accounts/CreateAccount.js"
export * from "./accounts/CreateKey.js"
export * from "./accounts/GetAccount.js"
export * from "./accounts/ListAccounts.js"
export * from "./accounts/ListKeys.js"
export * from "./accounts/RevokeKey.js"
export * from "./accounts/SetPlan.js"

// People: users, sign-in and sign-up, sessions, passwords
export * from "./people/ChangePassword.js"
export * from "./people/CreateUser.js"
export * from "./people/ResumeSession.js"
export * from "./people/SignIn.js"
export * from "./people/SignInWithProvider.js"
export * from "./people/SignOut.js"
export * from "./people/SignUp.js"
export * from "./people/StartSession.js"

// Imports and export: start, run, batch, progress, export
export * from "./imports/ExportLibrary.js"
export * from "./imports/ExportLibraryZip.js"
export * from "./imports/FolderLists.js"
export * from "./imports/ImportBatch.js"
export * from "./imports/ImportProgress.js"
export * from "./imports/ListImports.js"
export * from "./imports/RunImport.js"
export * from "./imports/StartImport.js"

// Highlights: mark passages of a bookmark's readable text, with notes (docs/reading.md, "Highlights")
export * from "./highlights/ListHighlights.js"
export * from "./highlights/ManageHighlights.js"

// Lists: create, rename, move, delete, membership, pages (docs/lists.md)
export * from "./lists/BookmarkLists.js"
export * from "./lists/ChangeMembers.js"
export * from "./lists/CreateList.js"
export * from "./lists/DeleteList.js"
export * from "./lists/FindList.js"
export * from "./lists/ListLists.js"
export * from "./lists/ListPage.js"
export * from "./lists/ListPaths.js"
export * from "./lists/OwnedList.js"
export * from "./lists/UpdateList.js"

// Feeds: secret links to a list's or a tag's newest bookmarks, as RSS and Atom (docs/lists.md, "Feeds")
export * from "./feeds/CreateFeed.js"
export * from "./feeds/ManageFeeds.js"
export * from "./feeds/ReadFeed.js"
export * from "./feeds/ReadSharedList.js"

// Tags: a page with counts, rename, merge, delete across the library
export * from "./tags/EditTags.js"
export * from "./tags/TagsPage.js"

// Housekeeping: prune history, sample the queues
export * from "./housekeeping/PruneHistory.js"
export * from "./housekeeping/SampleBacklog.js"

// OAuth 2.1 authorization server: clients, consent, tokens, bearer authentication (docs/oauth.md)
export * from "./oauth/AuthenticateBearer.js"
export * from "./oauth/Authorize.js"
export * from "./oauth/ExchangeToken.js"
export * from "./oauth/RegisterClient.js"
export * from "./oauth/ResolveClient.js"
