// The preview area: what a keyword would have matched among the items Earshot read in the last
// hour (the keyword dialog's "about N a day"), from a compact in-memory window that the live
// reads fill in the same process (ROLE=all).
export { createIndexObserver } from './observe-index';
export { RecentItemWindow } from './recent-window';
export { previewRoutes } from './routes';
export { createPreviewService, type PreviewService } from './service';
