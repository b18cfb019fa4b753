export type CommentContentType = 'movie' | 'tv';

/** A comment as GET /api/comments answers it (player.md §3 Comment, with its author's profile). */
export interface Comment {
  id: string;
  user_id: string;
  content_id: number;
  content_type: CommentContentType;
  content: string;
  parent_id: string | null;
  is_deleted: boolean;
  is_edited: boolean;
  created_at: string;
  updated_at: string;
  profile: { id: string; username: string | null; avatar_url: string | null } | null;
  replies: Comment[];
}
