/** A reply (or a reply being posted) with the replies that answer it, in the order they came. */
export interface ReplyNode<R> {
  reply: R;
  children: ReplyNode<R>[];
}

/**
 * The replies of a thread as a tree: each under the reply it answers (`thread_reply_id`), in the
 * order given (oldest first). A reply whose parent is not in the list (removed meanwhile) goes to
 * the top level rather than disappearing.
 */
export function replyTree<R extends { id: string; thread_reply_id: number | string | null }>(
  replies: readonly R[],
): ReplyNode<R>[] {
  const nodes = new Map(
    replies.map((reply) => [String(reply.id), { reply, children: [] as ReplyNode<R>[] }]),
  );
  const roots: ReplyNode<R>[] = [];
  for (const reply of replies) {
    const node = nodes.get(String(reply.id))!;
    const parent = reply.thread_reply_id === null ? undefined : nodes.get(String(reply.thread_reply_id));
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
