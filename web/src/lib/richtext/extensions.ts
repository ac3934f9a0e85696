import type { Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { BlockMath, InlineMath } from './math';
import { safeUrl } from './sanitize';

/** Headings a text may use: the page's title is its h1. */
export const HEADING_LEVELS = [2, 3, 4] as const;

/** Addresses a link may point to: http(s), mailto or this site (never javascript: or data:). */
export function linkAllowed(url: string): boolean {
  return safeUrl(url) !== null && !url.trim().startsWith('//');
}

/**
 * A table without inline styles or column groups: what libs/richtext keeps. Columns are not
 * resizable (their widths would be styles).
 */
const PlainTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ['table', HTMLAttributes, ['tbody', 0]];
  },
}).configure({ resizable: false });

/**
 * The nodes and marks of rich text. What they write is the allow-list of libs/richtext
 * (`RICH_TEXT_ATTRIBUTES`); its unit test holds their output, so change both together.
 */
export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url) => linkAllowed(url),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow', class: null },
      },
    }),
    Image.configure({ inline: false, allowBase64: false }),
    PlainTable,
    TableRow,
    TableHeader,
    TableCell,
    InlineMath,
    BlockMath,
  ];
}
