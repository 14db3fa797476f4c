/**
 * The 2021+ key sets and key order of a self post (posts-new-all-1.json) and a comment
 * (comments-new-askreddit-2021-1.json), with the values an ordinary new item has.
 */

export interface PostFields {
  id: string;
  subreddit: string;
  subredditId: string;
  title: string;
  selftext: string;
  selftextHtml: string | null;
  author: string;
  authorFullname: string | undefined;
  score: number;
  numComments: number;
  createdUtc: number;
  isSelf: boolean;
  domain: string;
  url: string;
  permalink: string;
}

export function postShape(p: PostFields): Record<string, unknown> {
  const data: Record<string, unknown> = {
    approved_at_utc: null,
    subreddit: p.subreddit,
    selftext: p.selftext,
    author_fullname: p.authorFullname,
    saved: false,
    mod_reason_title: null,
    gilded: 0,
    clicked: false,
    title: p.title,
    link_flair_richtext: [],
    subreddit_name_prefixed: `r/${p.subreddit}`,
    hidden: false,
    pwls: 6,
    link_flair_css_class: null,
    downs: 0,
    thumbnail_height: null,
    top_awarded_type: null,
    hide_score: true,
    name: `t3_${p.id}`,
    quarantine: false,
    link_flair_text_color: 'dark',
    upvote_ratio: 1,
    author_flair_background_color: null,
    subreddit_type: 'public',
    ups: p.score,
    total_awards_received: 0,
    media_embed: {},
    thumbnail_width: null,
    author_flair_template_id: null,
    is_original_content: false,
    user_reports: [],
    secure_media: null,
    is_reddit_media_domain: false,
    is_meta: false,
    category: null,
    secure_media_embed: {},
    link_flair_text: null,
    can_mod_post: false,
    score: p.score,
    approved_by: null,
    author_premium: false,
    thumbnail: p.isSelf ? 'self' : 'default',
    edited: false,
    author_flair_css_class: null,
    author_flair_richtext: [],
    gildings: {},
    content_categories: null,
    is_self: p.isSelf,
    mod_note: null,
    created: p.createdUtc,
    link_flair_type: 'text',
    wls: 6,
    removed_by_category: null,
    banned_by: null,
    author_flair_type: 'text',
    domain: p.domain,
    allow_live_comments: false,
    selftext_html: p.selftextHtml,
    likes: null,
    suggested_sort: null,
    banned_at_utc: null,
    view_count: null,
    archived: false,
    no_follow: true,
    is_crosspostable: true,
    pinned: false,
    over_18: false,
    all_awardings: [],
    awarders: [],
    media_only: false,
    can_gild: true,
    spoiler: false,
    locked: false,
    author_flair_text: null,
    treatment_tags: [],
    visited: false,
    removed_by: null,
    num_reports: null,
    distinguished: null,
    subreddit_id: p.subredditId,
    mod_reason_by: null,
    removal_reason: null,
    link_flair_background_color: '',
    id: p.id,
    is_robot_indexable: true,
    report_reasons: null,
    author: p.author,
    discussion_type: null,
    num_comments: p.numComments,
    send_replies: true,
    whitelist_status: 'all_ads',
    contest_mode: false,
    mod_reports: [],
    author_patreon_flair: false,
    author_flair_text_color: null,
    permalink: p.permalink,
    parent_whitelist_status: 'all_ads',
    stickied: false,
    url: p.url,
    subreddit_subscribers: 120000,
    created_utc: p.createdUtc,
    num_crossposts: 0,
    media: null,
    is_video: false,
  };
  // A deleted author has no author_fullname key at all (see the deleted-authors recording).
  if (p.authorFullname === undefined) delete data.author_fullname;
  return data;
}

export interface CommentFields {
  id: string;
  subreddit: string;
  subredditId: string;
  body: string;
  author: string;
  authorFullname: string | undefined;
  score: number;
  createdUtc: number;
  linkId: string;
  parentId: string;
  linkTitle: string;
  linkAuthor: string;
  linkPermalink: string;
  linkUrl: string;
  numComments: number;
  permalink: string;
  isSubmitter: boolean;
}

/** `forInfo`: /api/info comments lack the link_* fields, num_comments and over_18. */
export function commentShape(c: CommentFields, forInfo: boolean): Record<string, unknown> {
  const data: Record<string, unknown> = {
    subreddit_id: c.subredditId,
    approved_at_utc: null,
    author_is_blocked: false,
    comment_type: null,
    link_title: c.linkTitle,
    mod_reason_by: null,
    banned_by: null,
    ups: c.score,
    num_reports: null,
    author_flair_type: 'text',
    total_awards_received: 0,
    subreddit: c.subreddit,
    link_author: c.linkAuthor,
    likes: null,
    replies: '',
    user_reports: [],
    saved: false,
    id: c.id,
    banned_at_utc: null,
    mod_reason_title: null,
    gilded: 0,
    archived: false,
    collapsed_reason_code: null,
    no_follow: true,
    author: c.author,
    num_comments: c.numComments,
    can_mod_post: false,
    send_replies: true,
    parent_id: c.parentId,
    score: c.score,
    author_fullname: c.authorFullname,
    over_18: false,
    report_reasons: null,
    removal_reason: null,
    approved_by: null,
    controversiality: 0,
    body: c.body,
    edited: false,
    top_awarded_type: null,
    downs: 0,
    author_flair_css_class: null,
    is_submitter: c.isSubmitter,
    collapsed: false,
    author_flair_richtext: [],
    author_patreon_flair: false,
    body_html: `<div class="md"><p>${escapeHtml(c.body)}</p>\n</div>`,
    gildings: {},
    collapsed_reason: null,
    distinguished: null,
    associated_award: null,
    stickied: false,
    author_premium: false,
    can_gild: true,
    link_id: c.linkId,
    unrepliable_reason: null,
    author_flair_text_color: null,
    score_hidden: true,
    permalink: c.permalink,
    subreddit_type: 'public',
    link_permalink: c.linkPermalink,
    name: `t1_${c.id}`,
    author_flair_template_id: null,
    subreddit_name_prefixed: `r/${c.subreddit}`,
    author_flair_text: null,
    treatment_tags: [],
    created: c.createdUtc,
    created_utc: c.createdUtc,
    awarders: [],
    all_awardings: [],
    locked: false,
    author_flair_background_color: null,
    collapsed_because_crowd_control: null,
    mod_reports: [],
    quarantine: false,
    mod_note: null,
    link_url: c.linkUrl,
  };
  if (c.authorFullname === undefined) delete data.author_fullname;
  if (forInfo) for (const key of INFO_MISSING_KEYS) delete data[key];
  return data;
}

export const INFO_MISSING_KEYS = [
  'link_title',
  'link_permalink',
  'link_url',
  'link_author',
  'num_comments',
  'over_18',
];

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/\n\n+/g, '</p>\n\n<p>');
}
