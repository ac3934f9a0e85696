import { describe, expect, it } from 'vitest';
import { replyTree } from './replyTree';

const reply = (id: string, parent: string | null) => ({
  id,
  thread_reply_id: parent === null ? null : Number(parent),
});

describe('replyTree', () => {
  it('puts each reply under the one it answers, keeping the order they came in', () => {
    const tree = replyTree([
      reply('1', null),
      reply('2', '1'),
      reply('3', null),
      reply('4', '2'),
      reply('5', '1'),
    ]);
    expect(tree.map((node) => node.reply.id)).toEqual(['1', '3']);
    expect(tree[0].children.map((node) => node.reply.id)).toEqual(['2', '5']);
    expect(tree[0].children[0].children.map((node) => node.reply.id)).toEqual(['4']);
  });

  it('keeps a reply whose parent is gone at the top level', () => {
    expect(replyTree([reply('7', '6')]).map((node) => node.reply.id)).toEqual(['7']);
  });
});
