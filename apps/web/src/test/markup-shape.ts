/**
 * Tests only: a node's markup as a comparable string: its tag, sorted attributes (class tokens sorted and
 * de-duplicated, ids left out), its children and its text. Two renders with the same shape look the same to
 * Mantine's CSS and to assistive technology.
 */
export function markupShape(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  const element = node as Element;
  const attributes = Array.from(element.attributes)
    .filter((attribute) => attribute.name !== 'id')
    .map((attribute) =>
      attribute.name === 'class'
        ? `class=${[...new Set(attribute.value.split(/\s+/))].sort().join(' ')}`
        : `${attribute.name}=${attribute.value}`,
    )
    .sort();
  const children = Array.from(element.childNodes).map(markupShape);
  return `<${element.tagName.toLowerCase()} ${attributes.join(' ')}>${children.join('')}</>`;
}
