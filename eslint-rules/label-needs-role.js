/**
 * An `aria-label` names an element only when its role may be named: ARIA forbids it on a generic
 * `div` or `span` (axe's serious `aria-prohibited-attr`), and screen readers ignore it there. Mantine's
 * layout and placeholder components render exactly those, so a loading placeholder labelled
 * "Loading feeds" failed axe for as long as it was on screen, which a browser test only sees when
 * its check lands mid-load. This reports such an element unless it has a `role` (a placeholder's
 * is `status`) or renders another element through `component` (a `section`, a `nav`).
 */
const GENERIC = new Set([
  'div',
  'span',
  'Box',
  'Card',
  'Center',
  'Flex',
  'Group',
  'Loader',
  'Paper',
  'SimpleGrid',
  'Skeleton',
  'Stack',
  'Text',
]);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'aria-label only on an element whose role can be named' },
    schema: [],
    messages: {
      generic:
        'aria-label on a <{{name}}> with no role is prohibited (axe: aria-prohibited-attr): give it a role (role="status" for a loading placeholder) or a semantic `component`.',
    },
  },
  create(context) {
    return {
      JSXOpeningElement(node) {
        if (node.name.type !== 'JSXIdentifier' || !GENERIC.has(node.name.name)) return;
        const names = new Set(
          node.attributes.flatMap((a) => (a.type === 'JSXAttribute' ? [a.name.name] : [])),
        );
        // A spread may carry the role: only literal attributes are judged.
        if (node.attributes.some((a) => a.type === 'JSXSpreadAttribute')) return;
        if (names.has('aria-label') && !names.has('role') && !names.has('component')) {
          context.report({ node, messageId: 'generic', data: { name: node.name.name } });
        }
      },
    };
  },
};
