export {
  hasVisibleContent,
  IMAGE_SCHEMES,
  LINK_REL,
  LINK_SCHEMES,
  paragraphsOf,
  RICH_TEXT_ATTRIBUTES,
  richTextOf,
  sanitizeRichText,
} from './sanitize';
export { plainTextOf } from './plain-text';
export { cleanRichText, requiredRichText } from './required';
